import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../../features/auth/api';
import { clearSession, readRefreshToken } from '../../lib/session';
import { LOGIN_PATH } from '../../lib/paths';

/** Revokes the refresh token, then forgets the session whatever the server said. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await authApi.logout(readRefreshToken()).catch(() => undefined);
    clearSession();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  };
}

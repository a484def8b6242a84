import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountsApi } from '../../features/accounts/api';
import { updateSession } from '../../lib/session';

/**
 * Reloads the user and organization once per visit to the signed-in shell, so permissions,
 * name and language changed elsewhere (another device, an administrator) show without signing in
 * again. The stored record paints the first frame; the answer replaces it.
 */
export function useCurrentAccount() {
  const { data } = useQuery({
    queryKey: ['accounts', 'me'],
    queryFn: accountsApi.me,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (data) updateSession({ user: data.user, organization: data.organization });
  }, [data]);
}

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountsApi, accountsKeys } from '../../lib/api/accounts';
import { currentLanguage, setLanguage } from '../../lib/i18n';
import { updateSession } from '../../lib/session';

/**
 * Reloads the user and organization once per visit to the signed-in shell, so permissions,
 * name and language changed elsewhere (another device, an administrator) show without signing in
 * again. The stored record paints the first frame; the answer replaces it.
 */
export function useCurrentAccount() {
  const { data } = useQuery({
    queryKey: accountsKeys.me(),
    queryFn: accountsApi.me,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!data) return;
    updateSession({ user: data.user, organization: data.organization });
    if (data.user.language !== currentLanguage()) void setLanguage(data.user.language);
  }, [data]);
}

import { errorMessage, type RoleHolder, type UserLock } from '@despacho/domain';
import { useMemo } from 'react';
import { currentLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/useSession';

/** The signed-in user as the rules on changing users see them. */
export function useActor(): RoleHolder | null {
  const user = useSession()?.user;
  return useMemo(
    () =>
      user
        ? { id: user.id, role: user.role, permissions: user.permissions, status: user.status }
        : null,
    [user],
  );
}

/** Why a control is disabled, in the words of the error the API would answer. */
export function lockMessage(lock: UserLock | null | undefined): string | null {
  return lock ? errorMessage(lock, currentLanguage()) : null;
}

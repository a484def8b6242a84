import type { CallerLoader } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { permissionsOf } from '../accounts/account-view';
import { findCaller } from './caller.repository';

/**
 * Who is calling, read fresh on every authenticated request: an inactive user, or a sign-in that
 * was logged out or revoked, no longer gets through, and permissions are the current ones.
 */
export function callerLoader(db: Db, clock: Clock): CallerLoader {
  return async ({ userId, sessionFamily }) => {
    const row = await findCaller(db, userId, sessionFamily, clock.now());
    if (!row || !row.live || row.user.status !== 'active') return null;
    return {
      userId,
      sessionFamily,
      organizationId: row.user.organizationId,
      permissions: permissionsOf({ user: row.user, role: row.role, organization: null }),
      isStaff: row.user.isStaff,
    };
  };
}

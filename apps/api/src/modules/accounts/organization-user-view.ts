import {
  editLock,
  roleLock,
  statusLock,
  type Invitation,
  type OrganizationUser,
  type RoleHolder,
} from '@despacho/domain';
import { permissionsOf, userView, type Account } from './account-view';
import type { InvitationRow } from './invitations.repository';
import type { UserRow } from './users.repository';

/** A user as the rules on changing users see them. */
export function roleHolder(account: Pick<Account, 'user' | 'role'>): RoleHolder {
  return {
    id: account.user.id,
    role: account.role?.key ?? null,
    permissions: permissionsOf(account),
    status: account.user.status,
  };
}

/** "Ana López", or the email while the name is unknown. */
export function fullName(user: Pick<UserRow, 'name' | 'lastName' | 'email'>): string {
  return [user.name, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** A user of the organization as `actor` sees them in the list: with what they may not change. */
export function organizationUserView(
  row: Pick<Account, 'user' | 'role'>,
  actor: RoleHolder,
  activeOwners: number,
): OrganizationUser {
  const target = roleHolder(row);
  // The user as `GET me` shows them, less what only concerns their own session.
  const {
    language: _language,
    phone_verified: _phoneVerified,
    is_staff: _isStaff,
    home: _home,
    ...shown
  } = userView({ ...row, organization: null });
  return {
    ...shown,
    created_at: row.user.createdAt.toISOString(),
    locks: {
      edit: editLock(actor, target),
      role: roleLock(actor, target, activeOwners),
      status: statusLock(actor, target, activeOwners),
    },
  };
}

export function invitationView(row: InvitationRow, invitedBy: string, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions,
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

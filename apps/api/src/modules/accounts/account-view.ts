import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import {
  homeScreen,
  isSystemRole,
  organizationLogoUrl,
  rolePermissions,
  type Me,
  type Organization,
  type User,
} from '@despacho/domain';
import type { OrganizationRow, RoleRow } from './organizations.repository';
import type { UserRow } from './users.repository';

/** A user with what decides their access: the role (permissions) and the organization. */
export interface Account {
  user: UserRow;
  role: RoleRow | null;
  organization: OrganizationRow | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller's account, as read when the call was authenticated. */
    account?: Account;
  }
}

/** The caller's account inside a handler of a signed-in route. */
export function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw new AppError('UNAUTHENTICATED');
  return request.account;
}

/**
 * The user's effective permissions, the one place they are computed (every call's access check,
 * `GET me`, the tokens and so the menu). System roles grant what the code says they do today
 * (a member: the permissions stored with the user), not a copy stored when the role was created;
 * other roles grant their stored permissions.
 */
export function permissionsOf(
  account: Pick<Account, 'user' | 'role'> & Partial<Account>,
): string[] {
  const { role, user } = account;
  if (!role) return [];
  return role.system && isSystemRole(role.key)
    ? rolePermissions(role.key, user.permissions)
    : role.permissions;
}

/** The user as the API shows it; fields sign-up has not filled yet read as empty. */
export function userView(account: Account): User {
  const { user, role } = account;
  const permissions = permissionsOf(account);
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? '',
    last_name: user.lastName ?? '',
    phone_country_code: user.phoneCountryCode ?? '',
    phone: user.phone ?? '',
    language: user.language,
    status: user.status,
    phone_verified: user.phoneVerifiedAt !== null,
    is_staff: user.isStaff,
    role: role?.key ?? null,
    permissions,
    home: homeScreen(permissions, user.isStaff),
  };
}

export function organizationView(row: OrganizationRow): Organization {
  return {
    id: row.id,
    company: row.company,
    logo_url: row.logoFileId ? organizationLogoUrl(row.logoFileId) : null,
    default_currency: row.defaultCurrency,
    default_unit: row.defaultUnit,
    abbreviation: row.abbreviation,
    time_zone: row.timeZone,
  };
}

export function meView(account: Account): Me {
  return {
    user: userView(account),
    organization: account.organization ? organizationView(account.organization) : null,
  };
}

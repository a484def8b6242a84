import { homeScreen, type Me, type Organization, type User } from '@despacho/domain';
import type { OrganizationRow, RoleRow } from './organizations.repository';
import type { UserRow } from './users.repository';

/** A user with what decides their access: the role (permissions) and the organization. */
export interface Account {
  user: UserRow;
  role: RoleRow | null;
  organization: OrganizationRow | null;
}

export function permissionsOf(account: Account): string[] {
  return account.role?.permissions ?? [];
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
    logo_url: row.logoUrl,
    default_currency: row.defaultCurrency,
    default_unit: row.defaultUnit,
    abbreviation: row.abbreviation,
  };
}

export function meView(account: Account): Me {
  return {
    user: userView(account),
    organization: account.organization ? organizationView(account.organization) : null,
  };
}

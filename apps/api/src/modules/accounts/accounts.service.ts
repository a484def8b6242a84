import {
  SYSTEM_ROLES,
  type Language,
  type OrganizationCreate,
  type ProfileUpdate,
  type SystemRole,
  type User,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { userView, type Account } from './account-view';
import {
  findOrganizationNames,
  findRoleByKey,
  insertOrganization,
  insertRoles,
  searchOrganizations,
  type OrganizationRow,
  type RoleRow,
} from './organizations.repository';
import { ensureRole } from './organization-users.repository';
import {
  countStaffUsers,
  findUserByEmail,
  findUserById,
  findStaff,
  findUserContacts,
  findUserWithRole,
  insertUser,
  updateUser,
  type NewUser,
  type UserChanges,
  type UserRow,
} from './users.repository';

const SYSTEM_ROLE_NAMES: Record<SystemRole, string> = {
  owner: 'Dueño',
  administrator: 'Administrador',
  member: 'Miembro',
  shipping: 'Envíos',
};

/** Users, organizations and roles: other domains reach them only through this service. */
export class AccountsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  findByEmail(email: string, db: DbOrTx = this.deps.db): Promise<UserRow | undefined> {
    return findUserByEmail(db, email);
  }

  /** How many platform staff accounts exist. */
  countStaff(db: DbOrTx = this.deps.db): Promise<number> {
    return countStaffUsers(db);
  }

  /** With `lock`, holds the row until the transaction ends: for read-check-write steps. */
  findUser(id: string, db: DbOrTx = this.deps.db, lock = false): Promise<UserRow | undefined> {
    return findUserById(db, id, lock);
  }

  /** `findUser`, NOT_FOUND when there is none. */
  async user(id: string, db: DbOrTx = this.deps.db, lock = false): Promise<UserRow> {
    const user = await this.findUser(id, db, lock);
    if (!user) throw notFound();
    return user;
  }

  /** The existing user with this email, locked, or a new one: sign-up may resume. */
  async findOrCreateUser(values: NewUser, tx: DbOrTx): Promise<UserRow> {
    const created = await insertUser(tx, values);
    if (created) return created;
    const existing = await findUserByEmail(tx, values.email, true);
    if (!existing) throw new Error('user neither inserted nor found');
    return existing;
  }

  /** A new user; EMAIL_TAKEN when the email already has one. */
  async createUser(values: NewUser, db: DbOrTx = this.deps.db): Promise<UserRow> {
    const created = await insertUser(db, values);
    if (!created) throw new AppError('EMAIL_TAKEN');
    return created;
  }

  async updateUser(id: string, changes: UserChanges, db: DbOrTx = this.deps.db) {
    const user = await updateUser(db, id, { ...changes, updatedAt: this.deps.clock.now() });
    if (!user) throw notFound();
    return user;
  }

  /** The user with role and organization, as sessions and `me` need them. */
  async account(userId: string, db: DbOrTx = this.deps.db): Promise<Account> {
    const row = await findUserWithRole(db, userId);
    if (!row) throw notFound();
    return row;
  }

  /**
   * The sign-up wizard's last step: the organization, its system roles, and the user as its
   * owner. ORGANIZATION_EXISTS when the user already has one.
   */
  async createOrganization(
    ownerId: string,
    input: OrganizationCreate,
    tx: DbOrTx,
  ): Promise<OrganizationRow> {
    const owner = await this.user(ownerId, tx, true);
    if (owner.organizationId) throw new AppError('ORGANIZATION_EXISTS');
    const organization = await insertOrganization(tx, {
      company: input.company,
      defaultCurrency: input.default_currency,
      defaultUnit: input.default_unit,
      abbreviation: input.abbreviation,
    });
    await insertRoles(
      tx,
      organization.id,
      (Object.keys(SYSTEM_ROLES) as SystemRole[]).map((key) => ({
        key,
        name: SYSTEM_ROLE_NAMES[key],
        permissions: [...SYSTEM_ROLES[key]],
        system: true,
      })),
    );
    await this.assignRole(ownerId, organization.id, 'owner', tx);
    return organization;
  }

  /**
   * The organization's system role; created on first use, so organizations made before a role
   * existed get it the same way new ones do.
   */
  systemRole(organizationId: string, key: SystemRole, tx: DbOrTx): Promise<RoleRow> {
    const permissions = [...SYSTEM_ROLES[key]];
    return ensureRole(tx, organizationId, {
      key,
      name: SYSTEM_ROLE_NAMES[key],
      permissions,
      system: true,
    });
  }

  /** Makes the user a member of the organization with one of its roles. */
  async assignRole(userId: string, organizationId: string, roleKey: string, tx: DbOrTx) {
    const role = await findRoleByKey(tx, organizationId, roleKey);
    if (!role) throw notFound();
    return this.updateUser(userId, { organizationId, roleId: role.id }, tx);
  }

  async updateProfile(userId: string, input: ProfileUpdate): Promise<User> {
    await this.updateUser(userId, {
      name: input.name,
      lastName: input.last_name,
      phoneCountryCode: input.phone_country_code,
      phone: input.phone,
    });
    return userView(await this.account(userId));
  }

  async changeLanguage(userId: string, language: Language): Promise<User> {
    await this.updateUser(userId, { language });
    return userView(await this.account(userId));
  }

  /** Company name of each organization id (the staff console lists every organization). */
  async organizationNames(ids: string[]): Promise<Map<string, string>> {
    const rows = await findOrganizationNames(this.deps.db, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.company]));
  }

  /**
   * Up to `limit` organizations, by name, whose company contains `text` or whose id is in
   * `alsoIds` (what another module matched, e.g. the wallet's CLABEs); all without `text`.
   */
  searchOrganizations(
    text: string,
    alsoIds: string[],
    limit: number,
  ): Promise<{ id: string; company: string }[]> {
    return searchOrganizations(this.deps.db, text, alsoIds, limit);
  }

  /** Email of each user id (the staff audit log names who acted). */
  async userEmails(ids: string[]): Promise<Map<string, string>> {
    const rows = await findUserContacts(this.deps.db, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  /** Email and language of the active users among `ids` in the organization (notification mail). */
  async mailContacts(organizationId: string, ids: string[], db: DbOrTx = this.deps.db) {
    const rows = await findUserContacts(db, [...new Set(ids)]);
    return rows.filter((row) => row.organizationId === organizationId && row.status === 'active');
  }

  /** Every active staff member, by name (the helpdesk assigns tickets to them, mails them). */
  staffMembers(db: DbOrTx = this.deps.db) {
    return findStaff(db);
  }

  /** Name of each user id (invoices name who triggered them). */
  async userNames(ids: string[]): Promise<Map<string, string>> {
    const rows = await findUserContacts(this.deps.db, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.name ?? '']));
  }
}

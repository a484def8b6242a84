import {
  editLock,
  grantLock,
  isLastOwner,
  rolePermissions,
  statusLock,
  type OrganizationRole,
  type OrganizationUser,
  type OrganizationUserUpdate,
  type PageMeta,
  type RoleHolder,
  type UserStatus,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { AccountSessions } from './account-sessions';
import type { AccountsService } from './accounts.service';
import {
  countActiveOwners,
  countOrganizationUsers,
  findOrganizationUser,
  findOrganizationUsers,
  type UserFilters,
} from './organization-users.repository';
import { organizationUserView, roleHolder } from './organization-user-view';

/** Who is acting: the signed-in user and their organization. */
export interface Actor {
  userId: string;
  organizationId: string;
}

export interface OrganizationUsersDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  sessions: AccountSessions;
}

/** What a role assignment stores with the user: chosen permissions only for members. */
export function chosenPermissions(role: OrganizationRole, permissions: readonly string[] = []) {
  return role === 'member' ? rolePermissions('member', permissions) : [];
}

/**
 * The organization's users as its administrators manage them (`settings/users`): list, read,
 * edit name and role, activate and deactivate. Every read and change is scoped to the caller's
 * organization: a user of another one is not found.
 */
export class OrganizationUsersService {
  constructor(private readonly deps: OrganizationUsersDeps) {}

  /** The caller as the rules see them, read in the transaction of the change. */
  async actor(actor: Actor, db: DbOrTx = this.deps.db): Promise<RoleHolder> {
    return roleHolder(await this.deps.accounts.account(actor.userId, db));
  }

  /** How many users the organization has, whatever their status (the dashboard's first steps). */
  count(organizationId: string): Promise<number> {
    return countOrganizationUsers(this.deps.db, organizationId);
  }

  /** `GET users`. */
  async list(
    actor: Actor,
    query: UserFilters,
  ): Promise<{ data: OrganizationUser[]; meta: PageMeta }> {
    const { db } = this.deps;
    const [caller, activeOwners, { rows, total }] = await Promise.all([
      this.actor(actor),
      countActiveOwners(db, actor.organizationId),
      findOrganizationUsers(db, actor.organizationId, query),
    ]);
    return {
      data: rows.map((row) => organizationUserView(row, caller, activeOwners)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /** `GET users/{id}`. */
  async get(actor: Actor, id: string, db: DbOrTx = this.deps.db): Promise<OrganizationUser> {
    // One after the other: inside a transaction they share one connection.
    const row = await findOrganizationUser(db, actor.organizationId, id);
    if (!row) throw notFound();
    const caller = await this.actor(actor, db);
    return organizationUserView(row, caller, await countActiveOwners(db, actor.organizationId));
  }

  /**
   * `PUT users/update/{id}`: name, role and (for members) permissions. Only owners make or
   * unmake owners, nobody grants what they do not hold, and the last active owner keeps the role.
   */
  async update(actor: Actor, id: string, input: OrganizationUserUpdate) {
    const { accounts, db } = this.deps;
    return db.transaction(async (tx) => {
      const { caller, target, activeOwners } = await this.lockTarget(actor, id, tx);
      const permissions = chosenPermissions(input.role, input.permissions);
      const roleChanges =
        target.holder.role !== input.role ||
        permissions.join() !== chosenPermissions(input.role, target.row.user.permissions).join();
      const lock =
        editLock(caller, target.holder) ??
        (roleChanges && input.role !== 'owner' && isLastOwner(target.holder, activeOwners)
          ? 'LAST_OWNER'
          : null) ??
        (roleChanges ? grantLock(caller, input.role, permissions) : null);
      if (lock) throw new AppError(lock);
      const role = await accounts.systemRole(actor.organizationId, input.role, tx);
      await accounts.updateUser(
        id,
        { name: input.name, lastName: input.last_name, roleId: role.id, permissions },
        tx,
      );
      return this.get(actor, id, tx);
    });
  }

  /**
   * `PUT user/{id}/status`. Deactivating ends every sign-in of the user at once: their refresh
   * tokens are revoked, and the check on every call refuses their open access token.
   */
  async setStatus(actor: Actor, id: string, status: UserStatus) {
    const { accounts, db, sessions } = this.deps;
    return db.transaction(async (tx) => {
      const { caller, target, activeOwners } = await this.lockTarget(actor, id, tx);
      if (target.holder.status !== status) {
        const lock = statusLock(caller, target.holder, activeOwners);
        if (lock) throw new AppError(lock);
        await accounts.updateUser(id, { status }, tx);
        if (status === 'inactive') await sessions.revokeAll(id, tx);
      }
      return this.get(actor, id, tx);
    });
  }

  /**
   * The caller, the target user and the count of active owners, with the owners' and the
   * target's rows locked until the change commits.
   */
  private async lockTarget(actor: Actor, id: string, tx: DbOrTx) {
    const activeOwners = await countActiveOwners(tx, actor.organizationId, true);
    const row = await findOrganizationUser(tx, actor.organizationId, id, true);
    if (!row) throw notFound();
    const caller = await this.actor(actor, tx);
    return { caller, target: { row, holder: roleHolder(row) }, activeOwners };
  }
}

import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { roles, users } from './accounts.tables';
import type { NewRole, RoleRow } from './organizations.repository';
import { likePattern } from '../../platform/search';

export interface UserFilters {
  search?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
  page: number;
  pageSize: number;
}

/** `%`, `_` and `\` typed into the search box are matched as themselves. */

function userFilters(organizationId: string, filters: Omit<UserFilters, 'page' | 'pageSize'>) {
  const conditions: SQL[] = [eq(users.organizationId, organizationId)];
  if (filters.status) conditions.push(eq(users.status, filters.status));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      or(
        ilike(sql`concat_ws(' ', ${users.name}, ${users.lastName})`, pattern),
        ilike(users.email, pattern),
      )!,
    );
  }
  return and(...conditions);
}

/** How many users the organization has, whatever their status. */
export const countOrganizationUsers = (db: DbOrTx, organizationId: string) =>
  db.$count(users, eq(users.organizationId, organizationId));

const withRole = and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId));

/** One page of the organization's users with their roles, by name, and how many match. */
export async function findOrganizationUsers(
  db: DbOrTx,
  organizationId: string,
  filters: UserFilters,
) {
  const where = userFilters(organizationId, filters);
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, role: roles })
      .from(users)
      .leftJoin(roles, withRole)
      .where(where)
      .orderBy(
        asc(sql`lower(coalesce(${users.name}, ''))`),
        asc(sql`lower(coalesce(${users.lastName}, ''))`),
        asc(users.email),
      )
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.$count(users, where),
  ]);
  return { rows, total };
}

/** A user of this organization with their role; with `lock`, held until the transaction ends. */
export async function findOrganizationUser(
  db: DbOrTx,
  organizationId: string,
  id: string,
  lock = false,
) {
  const query = db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, withRole)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
  const [row] = await (lock ? query.for('update', { of: users }) : query);
  return row;
}

/**
 * How many active owners the organization has. With `lock`, their rows are held until the
 * transaction ends, so two changes cannot each remove "the other" last owner at once.
 */
export async function countActiveOwners(db: DbOrTx, organizationId: string, lock = false) {
  const query = db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, withRole)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.status, 'active'),
        eq(roles.key, 'owner'),
      ),
    );
  return (await (lock ? query.for('update', { of: users }) : query)).length;
}

/** The role with this key, created first when the organization does not have it yet. */
export async function ensureRole(
  db: DbOrTx,
  organizationId: string,
  role: NewRole,
): Promise<RoleRow> {
  await db
    .insert(roles)
    .values({ ...role, organizationId })
    .onConflictDoNothing({ target: [roles.organizationId, roles.key] });
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.key, role.key)));
  return row!;
}

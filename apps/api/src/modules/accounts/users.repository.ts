import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { organizations, roles, users } from './accounts.tables';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

/** With `lock`, holds the row until the transaction ends: for read-check-write steps. */
export async function findUserById(db: DbOrTx, id: string, lock = false) {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function countStaffUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isStaff, true));
  return row?.n ?? 0;
}

/** Inserts the user, or nothing when the email is taken (answers undefined then). */
export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** Users joined with their organization and role — the rows an `Account` is made of — plus `extra` columns. */
function selectAccounts<Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra) {
  return db
    .select({ user: users, role: roles, organization: organizations, ...extra })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(
      roles,
      and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId)),
    );
}

/**
 * The account of the user the `user` placeholder names, plus `extra` columns: the one query the
 * caller check of every authenticated request prepares (auth, decision 006).
 */
export function accountQuery<Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra) {
  return selectAccounts(db, extra).where(eq(users.id, sql.placeholder('user')));
}

/** The user with their role and organization, in one query. */
export async function findUserWithRole(db: DbOrTx, id: string) {
  const [row] = await selectAccounts(db, {}).where(eq(users.id, id));
  return row;
}

/** Platform staff, by name (the helpdesk assigns tickets to them). */
export function findStaff(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.status, 'active')))
    .orderBy(users.name, users.email);
}

/** Email, name and language by user id (audit log, invoices, notification mail). */
export async function findUserContacts(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      organizationId: users.organizationId,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

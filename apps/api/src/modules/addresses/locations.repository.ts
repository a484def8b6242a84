import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { locations } from './locations.tables';
import { likePattern } from '../../platform/search';

export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Omit<
  typeof locations.$inferInsert,
  'organizationId' | 'id' | 'isDefault' | 'createdAt' | 'updatedAt'
>;

/** `%`, `_` and `\` typed into the search box are matched as themselves. */

function filters(organizationId: string, search: string | undefined) {
  const conditions: SQL[] = [eq(locations.organizationId, organizationId)];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(locations.alias, pattern),
        ilike(locations.company, pattern),
        ilike(locations.zip, pattern),
        ilike(locations.contactName, pattern),
        ilike(locations.city, pattern),
      )!,
    );
  }
  return and(...conditions);
}

/** One page of the organization's locations, the default first, then the newest. */
export async function findLocations(
  db: DbOrTx,
  organizationId: string,
  query: { search?: string | undefined; page: number; pageSize: number },
) {
  const where = filters(organizationId, query.search);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(locations)
      .where(where)
      .orderBy(desc(locations.isDefault), desc(locations.createdAt), desc(locations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(locations, where),
  ]);
  return { rows, total };
}

export async function findLocation(
  db: DbOrTx,
  organizationId: string,
  id: string,
  lock = false,
): Promise<LocationRow | undefined> {
  const query = db
    .select()
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), eq(locations.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findAliases(db: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: locations.id, alias: locations.alias })
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), inArray(locations.id, ids)));
}

export async function countLocations(db: DbOrTx, organizationId: string): Promise<number> {
  return db.$count(locations, eq(locations.organizationId, organizationId));
}

export async function insertLocation(
  db: DbOrTx,
  organizationId: string,
  values: LocationValues,
  isDefault: boolean,
  now: Date,
): Promise<LocationRow> {
  const [row] = await db
    .insert(locations)
    .values({ ...values, organizationId, isDefault, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateLocation(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: LocationValues,
  now: Date,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .update(locations)
    .set({ ...values, updatedAt: now })
    .where(and(eq(locations.organizationId, organizationId), eq(locations.id, id)))
    .returning();
  return row;
}

/** Clears the organization's default, so another can take it without breaking the index. */
export async function clearDefault(db: DbOrTx, organizationId: string, now: Date): Promise<void> {
  await db
    .update(locations)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(locations.organizationId, organizationId), eq(locations.isDefault, true)));
}

export async function markDefault(
  db: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .update(locations)
    .set({ isDefault: true, updatedAt: now })
    .where(and(eq(locations.organizationId, organizationId), eq(locations.id, id)))
    .returning();
  return row;
}

export async function deleteLocation(db: DbOrTx, organizationId: string, id: string) {
  await db
    .delete(locations)
    .where(and(eq(locations.organizationId, organizationId), eq(locations.id, id)));
}

/** The most recently created location other than `id`: the one the default moves to. */
export async function newestOther(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), ne(locations.id, id)))
    .orderBy(desc(locations.createdAt), desc(locations.id))
    .limit(1);
  return row;
}

/**
 * Serializes default changes of one organization until the transaction ends: an advisory lock,
 * since the organization's row belongs to accounts.
 */
export async function lockOrganization(db: DbOrTx, organizationId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`locations:${organizationId}`}, 0))`,
  );
}

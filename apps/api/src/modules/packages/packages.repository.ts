import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { packages } from './packages.tables';
import { likePattern } from '../../platform/search';

export type PackageRow = typeof packages.$inferSelect;
export type PackageValues = Pick<
  PackageRow,
  'name' | 'unit' | 'height' | 'length' | 'width' | 'weight' | 'satCode'
>;

/** `%`, `_` and `\` typed into the search box are matched as themselves. */

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(packages.organizationId, organizationId), eq(packages.id, id));

/** One page of the organization's packages by name, the default first, and how many match. */
export async function findPage(
  db: DbOrTx,
  organizationId: string,
  filters: { page: number; pageSize: number; search?: string | undefined },
) {
  const conditions: SQL[] = [eq(packages.organizationId, organizationId)];
  if (filters.search) conditions.push(ilike(packages.name, likePattern(filters.search)));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(where)
      .orderBy(asc(packages.name), asc(packages.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.$count(packages, where),
  ]);
  return { rows, total };
}

export async function findOne(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(ofOrganization(organizationId, id));
  return row;
}

export async function hasAny(db: DbOrTx, organizationId: string): Promise<boolean> {
  return (await db.$count(packages, eq(packages.organizationId, organizationId))) > 0;
}

export async function insert(
  db: DbOrTx,
  organizationId: string,
  values: PackageValues & { isDefault: boolean },
  now: Date,
): Promise<PackageRow> {
  const [row] = await db
    .insert(packages)
    .values({ ...values, organizationId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function update(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<PackageValues & { isDefault: boolean }>,
  now: Date,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .update(packages)
    .set({ ...values, updatedAt: now })
    .where(ofOrganization(organizationId, id))
    .returning();
  return row;
}

/** Clears the organization's default (before another package takes it, same transaction). */
export async function clearDefault(db: DbOrTx, organizationId: string, now: Date): Promise<void> {
  await db
    .update(packages)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(packages.organizationId, organizationId), eq(packages.isDefault, true)));
}

/** The organization's oldest package: the one that becomes default when the default goes. */
export async function findOldest(
  db: DbOrTx,
  organizationId: string,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .select()
    .from(packages)
    .where(eq(packages.organizationId, organizationId))
    .orderBy(asc(packages.createdAt), asc(packages.id))
    .limit(1);
  return row;
}

export async function remove(db: DbOrTx, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(packages)
    .where(ofOrganization(organizationId, id))
    .returning({ id: packages.id });
  return rows.length > 0;
}

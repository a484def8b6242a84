import type { VendorStatus } from '@despacho/domain';
import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { vendors } from './vendors.tables';
import { likePattern } from '../../platform/search';

export type VendorRow = typeof vendors.$inferSelect;
export type VendorValues = Omit<
  typeof vendors.$inferInsert,
  'organizationId' | 'id' | 'createdAt' | 'updatedAt'
>;

/** The index that keeps a code once per organization, whatever its case. */
const CODE_UNIQUE = 'vendors_organization_code_unique';

/** `%`, `_` and `\` typed into the search box are matched as themselves. */

function filters(
  organizationId: string,
  query: { search?: string | undefined; status?: VendorStatus | undefined },
) {
  const conditions: SQL[] = [eq(vendors.organizationId, organizationId)];
  if (query.status) conditions.push(eq(vendors.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(vendors.name, pattern),
        ilike(vendors.code, pattern),
        ilike(vendors.email, pattern),
      )!,
    );
  }
  return and(...conditions);
}

/** One page of the organization's vendors, the newest first. */
export async function findVendors(
  db: DbOrTx,
  organizationId: string,
  query: {
    search?: string | undefined;
    status?: VendorStatus | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = filters(organizationId, query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(vendors)
      .where(where)
      .orderBy(desc(vendors.createdAt), desc(vendors.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(vendors, where),
  ]);
  return { rows, total };
}

/** Every vendor's id, name and code (the products CSV names vendors by name or code). */
export function findVendorKeys(db: DbOrTx, organizationId: string) {
  return db
    .select({ id: vendors.id, name: vendors.name, code: vendors.code })
    .from(vendors)
    .where(eq(vendors.organizationId, organizationId));
}

export async function findVendor(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<VendorRow | undefined> {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, id)));
  return row;
}

/** Runs a write, answering `'code_taken'` when the organization already has the code. */
async function unlessCodeTaken<T>(write: () => Promise<T>): Promise<T | 'code_taken'> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, CODE_UNIQUE)) return 'code_taken';
    throw error;
  }
}

export async function insertVendor(
  db: DbOrTx,
  organizationId: string,
  values: VendorValues,
  now: Date,
): Promise<VendorRow | 'code_taken'> {
  return unlessCodeTaken(async () => {
    const [row] = await db
      .insert(vendors)
      .values({ ...values, organizationId, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  });
}

export async function updateVendor(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: VendorValues,
  now: Date,
): Promise<VendorRow | undefined | 'code_taken'> {
  return unlessCodeTaken(async () => {
    const [row] = await db
      .update(vendors)
      .set({ ...values, updatedAt: now })
      .where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, id)))
      .returning();
    return row;
  });
}

export async function updateVendorStatus(
  db: DbOrTx,
  organizationId: string,
  id: string,
  status: VendorStatus,
  now: Date,
): Promise<VendorRow | undefined> {
  const [row] = await db
    .update(vendors)
    .set({ status, updatedAt: now })
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, id)))
    .returning();
  return row;
}

/** Deletes the vendor; answers whether there was one to delete. */
export async function deleteVendor(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, id)))
    .returning({ id: vendors.id });
  return rows.length > 0;
}

/** The names of the organization's vendors among `ids` (a foreign id is simply absent). */
export async function findNames(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), inArray(vendors.id, ids)));
}

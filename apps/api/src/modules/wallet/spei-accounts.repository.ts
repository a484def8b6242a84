import { eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { speiAccounts } from './deposits.tables';

export type SpeiAccountRow = typeof speiAccounts.$inferSelect;

export async function findByOrganization(
  db: DbOrTx,
  organizationId: string,
): Promise<SpeiAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(speiAccounts)
    .where(eq(speiAccounts.organizationId, organizationId));
  return row;
}

export async function findByClabe(db: DbOrTx, clabe: string): Promise<SpeiAccountRow | undefined> {
  const [row] = await db.select().from(speiAccounts).where(eq(speiAccounts.clabe, clabe));
  return row;
}

/** The organizations whose receiving CLABE contains `digits`. */
export async function organizationsWithClabeLike(db: DbOrTx, digits: string): Promise<string[]> {
  const rows = await db
    .select({ organizationId: speiAccounts.organizationId })
    .from(speiAccounts)
    .where(ilike(speiAccounts.clabe, `%${digits}%`));
  return rows.map((row) => row.organizationId);
}

/** The receiving CLABE of each of these organizations that has one. */
export async function findClabes(db: DbOrTx, organizationIds: string[]) {
  if (organizationIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ organizationId: speiAccounts.organizationId, clabe: speiAccounts.clabe })
    .from(speiAccounts)
    .where(inArray(speiAccounts.organizationId, organizationIds));
  return new Map(rows.map((row) => [row.organizationId, row.clabe]));
}

/** The next account number of the receiving CLABEs (never reused, even when unused). */
export async function nextAccountNumber(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ value: string | number }>(
    sql`select nextval('spei_account_numbers') as value`,
  );
  return Number(result.rows[0]!.value);
}

/**
 * Records the organization's CLABE unless it already has one (another request got there
 * first); a CLABE already given to someone else still fails on its unique index.
 */
export async function insertIfAbsent(
  db: DbOrTx,
  values: { organizationId: string; clabe: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(speiAccounts)
    .values(values)
    .onConflictDoNothing({ target: speiAccounts.organizationId });
}

import { eq, sql } from 'drizzle-orm';
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

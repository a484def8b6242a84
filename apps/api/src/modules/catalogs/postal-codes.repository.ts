import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { postalCodeSettlements } from './postal-codes.tables';

export type SettlementRow = typeof postalCodeSettlements.$inferSelect;

/** Every settlement of a postal code (the primary key's leading column answers it). */
export async function findSettlements(db: DbOrTx, zip: string): Promise<SettlementRow[]> {
  return db.select().from(postalCodeSettlements).where(eq(postalCodeSettlements.zip, zip));
}

/** Whether any catalogue has been imported at all. */
export async function isLoaded(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(postalCodeSettlements)
    .limit(1);
  return rows.length > 0;
}

/** How many distinct postal codes the catalogue holds (0 when none is loaded). */
export async function countPostalCodes(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${postalCodeSettlements.zip})::int` })
    .from(postalCodeSettlements);
  return row?.count ?? 0;
}

/**
 * True when the SEPOMEX catalogue knows the postal code and every settlement of it is rural
 * (`d_zona` = Rural). One query on the primary key `(zip, settlement_id)`. A postal code the
 * catalogue does not have, or no catalogue at all, is never extended.
 */
export async function allSettlementsRural(db: DbOrTx, zip: string): Promise<boolean> {
  const [row] = await db
    .select({
      settlements: sql<number>`count(*)::int`,
      rural: sql<number>`(count(*) filter (where ${postalCodeSettlements.zone} = 'Rural'))::int`,
    })
    .from(postalCodeSettlements)
    .where(eq(postalCodeSettlements.zip, zip));
  return !!row && row.settlements > 0 && row.rural === row.settlements;
}

import type { CarrierAccountKey } from '@despacho/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { carrierAccounts } from './carriers.tables';

export type CarrierAccountRow = typeof carrierAccounts.$inferSelect;

const one = (organizationId: string, carrierKey: CarrierAccountKey) =>
  and(
    eq(carrierAccounts.organizationId, organizationId),
    eq(carrierAccounts.carrierKey, carrierKey),
  );

export function accountsOf(db: DbOrTx, organizationId: string): Promise<CarrierAccountRow[]> {
  return db
    .select()
    .from(carrierAccounts)
    .where(eq(carrierAccounts.organizationId, organizationId));
}

/** The organization's row for a carrier; `lock` holds it until the transaction ends. */
export async function accountOf(
  db: DbOrTx,
  organizationId: string,
  carrierKey: CarrierAccountKey,
  lock = false,
): Promise<CarrierAccountRow | undefined> {
  const query = db.select().from(carrierAccounts).where(one(organizationId, carrierKey));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function saveAccount(db: DbOrTx, row: CarrierAccountRow): Promise<void> {
  const { organizationId: _organization, carrierKey: _carrier, ...changes } = row;
  await db
    .insert(carrierAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: [carrierAccounts.organizationId, carrierAccounts.carrierKey],
      set: changes,
    });
}

export async function deleteAccount(
  db: DbOrTx,
  organizationId: string,
  carrierKey: CarrierAccountKey,
): Promise<void> {
  await db.delete(carrierAccounts).where(one(organizationId, carrierKey));
}

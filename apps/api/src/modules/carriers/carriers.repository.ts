import type { CarrierKey } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { organizationCarriers } from './carriers.tables';

/** The carriers this organization has a choice stored for, with that choice. */
export async function storedChoices(
  db: DbOrTx,
  organizationId: string,
): Promise<Map<CarrierKey, boolean>> {
  const rows = await db
    .select({ key: organizationCarriers.carrierKey, enabled: organizationCarriers.enabled })
    .from(organizationCarriers)
    .where(eq(organizationCarriers.organizationId, organizationId));
  return new Map(rows.map((row) => [row.key, row.enabled]));
}

export async function saveChoice(
  db: DbOrTx,
  organizationId: string,
  carrierKey: CarrierKey,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await db
    .insert(organizationCarriers)
    .values({ organizationId, carrierKey, enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: [organizationCarriers.organizationId, organizationCarriers.carrierKey],
      set: { enabled, updatedAt: now },
    });
}

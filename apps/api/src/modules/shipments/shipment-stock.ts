import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

/** The idempotency key of a label purchase's stock reservation (`shipment_stock_follow` reads it). */
export const stockReserveKeyOf = (shipmentId: string) => `shipment:${shipmentId}:reserve`;

/**
 * Releases (the purchase failed) or returns (the guide was cancelled) what the guide reserved,
 * in the caller's transaction, through `stock_apply` (purchase.functions.sql): nothing when it
 * reserved nothing; once per key. A return's cause is the cancellation, so the movement history
 * names it. The `ship` step runs inside `shipment_settle_purchase`.
 */
export async function followStock(
  tx: DbOrTx,
  organizationId: string,
  shipmentId: string,
  kind: 'release' | 'return',
  now: Date,
): Promise<void> {
  const causeType = kind === 'return' ? 'shipment_cancellation' : 'shipment';
  await tx.execute(sql`
    select shipment_stock_follow(${organizationId}, ${shipmentId}, ${kind}, ${causeType},
      ${shipmentId}, ${now.toISOString()})`);
}

import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { cfdiWebhookDeliveries } from './billing.tables';

/** Records a delivery's digest; false when it was already taken (a replay). */
export async function firstDelivery(db: DbOrTx, digest: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(cfdiWebhookDeliveries)
    .values({ digest, receivedAt: at })
    .onConflictDoNothing()
    .returning({ digest: cfdiWebhookDeliveries.digest });
  return rows.length === 1;
}

/** Forgets digests older than `before`: their age refuses them anyway. */
export async function pruneDeliveries(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(cfdiWebhookDeliveries).where(lt(cfdiWebhookDeliveries.receivedAt, before));
}

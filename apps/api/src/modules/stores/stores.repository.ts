import type { StorePlatform } from '@despacho/domain';
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { storeAuthorizations, stores, storeWebhookEvents } from './stores.tables';

export type StoreRow = typeof stores.$inferSelect;
export type StoreWebhookEventRow = typeof storeWebhookEvents.$inferSelect;

const connected = isNull(stores.disconnectedAt);

/** The organization's connected store, or undefined: another organization's id finds nothing. */
export async function findConnected(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.organizationId, organizationId), eq(stores.id, id), connected));
  return row;
}

export function listConnected(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(stores)
    .where(and(eq(stores.organizationId, organizationId), connected))
    .orderBy(desc(stores.connectedAt), desc(stores.id));
}

/** A store by id alone, for jobs and webhooks (which carry no caller). */
export async function findById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(stores).where(eq(stores.id, id));
  return row;
}

/** The row of a store on a platform: the connected one first, else the organization's last. */
export async function findByExternal(
  db: DbOrTx,
  platform: StorePlatform,
  externalId: string,
  organizationId?: string,
) {
  const [row] = await db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.platform, platform),
        eq(stores.externalId, externalId),
        organizationId ? eq(stores.organizationId, organizationId) : connected,
      ),
    )
    .orderBy(sql`${stores.disconnectedAt} is null desc`, desc(stores.connectedAt))
    .limit(1);
  return row;
}

export async function update(db: DbOrTx, id: string, values: Partial<StoreRow>) {
  const [row] = await db.update(stores).set(values).where(eq(stores.id, id)).returning();
  return row!;
}

export async function insert(db: DbOrTx, values: typeof stores.$inferInsert) {
  const [row] = await db.insert(stores).values(values).returning();
  return row!;
}

export function enabledConnectedIds(db: DbOrTx) {
  return db
    .select({ id: stores.id })
    .from(stores)
    .where(and(connected, eq(stores.status, 'enabled')));
}

export async function insertAuthorization(
  db: DbOrTx,
  values: typeof storeAuthorizations.$inferInsert,
  now: Date,
) {
  // Expired consents are dropped as new ones start: the table holds only those under way.
  await db.delete(storeAuthorizations).where(lt(storeAuthorizations.expiresAt, now));
  await db.insert(storeAuthorizations).values(values);
}

/** Takes a consent once: a second use, or another caller's, finds nothing. */
export async function consumeAuthorization(
  db: DbOrTx,
  nonceHash: string,
  caller: { organizationId: string; userId: string; platform: StorePlatform },
) {
  const [row] = await db
    .delete(storeAuthorizations)
    .where(
      and(
        eq(storeAuthorizations.nonceHash, nonceHash),
        eq(storeAuthorizations.organizationId, caller.organizationId),
        eq(storeAuthorizations.userId, caller.userId),
        eq(storeAuthorizations.platform, caller.platform),
      ),
    )
    .returning();
  return row;
}

/**
 * Records a delivery once for the store `target` names, if that store is connected and enabled
 * now, and evaluates `enqueue` (SQL enqueueing its job) only when the row was inserted: one
 * statement, so the store's check, the row and its job need no transaction and no further
 * round trip. Answers the store (null: none connected and enabled) and whether the row is new.
 */
export async function recordDelivery(
  db: DbOrTx,
  target: { id: string } | { platform: StorePlatform; externalId: string },
  values: {
    id: string;
    platform: StorePlatform;
    eventId: string;
    topic: string;
    payload: unknown;
    receivedAt: Date;
  },
  enqueue: SQL,
): Promise<{ storeId: string | null; inserted: boolean }> {
  const which =
    'id' in target
      ? and(eq(stores.id, target.id), eq(stores.platform, values.platform))
      : and(eq(stores.platform, target.platform), eq(stores.externalId, target.externalId));
  const result = await db.execute<{ store_id: string | null; inserted: string | null }>(sql`
    with store as (
      select ${stores.organizationId}, ${stores.id} from ${stores}
       where ${which} and ${connected} and ${stores.status} = 'enabled'
    ), inserted as (
      insert into ${storeWebhookEvents} (organization_id, id, store_id, platform, event_id,
          topic, payload, received_at)
        select organization_id, ${values.id}::uuid, id, ${values.platform}, ${values.eventId},
            ${values.topic}, ${JSON.stringify(values.payload)}::jsonb,
            ${values.receivedAt.toISOString()}::timestamptz
          from store
        on conflict (platform, store_id, event_id) do nothing
        returning id
    )
    select (select id from store) as store_id, (select id from inserted) as inserted,
      (select ${enqueue} from inserted) as enqueued`);
  const row = result.rows[0];
  return { storeId: row?.store_id ?? null, inserted: Boolean(row?.inserted) };
}

export async function findEvent(db: DbOrTx, id: string) {
  const [row] = await db.select().from(storeWebhookEvents).where(eq(storeWebhookEvents.id, id));
  return row;
}

/** Marks a delivery processed and erases its payload (a customer's personal data). */
export async function finishEvent(
  db: DbOrTx,
  id: string,
  values: { processedAt: Date; result: unknown; error: string | null },
) {
  await db
    .update(storeWebhookEvents)
    .set({ ...values, payload: null })
    .where(eq(storeWebhookEvents.id, id));
}

/** Erases the payloads of a store's deliveries not yet processed (a shop's erasure). */
export async function erasePayloads(db: DbOrTx, storeId: string) {
  await db
    .update(storeWebhookEvents)
    .set({ payload: null })
    .where(eq(storeWebhookEvents.storeId, storeId));
}

import type { OrdersQuery } from '@despacho/domain';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { orderEvents, orderFulfillments, orderLines, orders, orderSkuLinks } from './orders.tables';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type FulfillmentRow = typeof orderFulfillments.$inferSelect;

export async function findOrder(
  db: DbOrTx,
  organizationId: string | null,
  id: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const where = organizationId
    ? and(eq(orders.organizationId, organizationId), eq(orders.id, id))
    : eq(orders.id, id);
  const query = db.select().from(orders).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The store's order under a transaction-scoped advisory lock on (store, external id), so two
 * deliveries of a new order apply one after the other (the second finds the first's row).
 */
export async function lockByExternalId(
  db: DbOrTx,
  storeId: string,
  externalId: string,
): Promise<OrderRow | undefined> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`order:${storeId}:${externalId}`}))`,
  );
  return findByExternalId(db, storeId, externalId);
}

export async function findByExternalId(
  db: DbOrTx,
  storeId: string,
  externalId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.externalId, externalId)))
    .for('update');
  return row;
}

export async function findByIdempotencyKey(db: DbOrTx, organizationId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.idempotencyKey, key)));
  return row;
}

export async function findLines(db: DbOrTx, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

export async function findFulfillments(db: DbOrTx, orderId: string): Promise<FulfillmentRow[]> {
  return db
    .select()
    .from(orderFulfillments)
    .where(eq(orderFulfillments.orderId, orderId))
    .orderBy(desc(orderFulfillments.createdAt));
}

export async function findFulfillment(
  db: DbOrTx,
  organizationId: string | null,
  id: string,
): Promise<FulfillmentRow | undefined> {
  const where = organizationId
    ? and(eq(orderFulfillments.organizationId, organizationId), eq(orderFulfillments.id, id))
    : eq(orderFulfillments.id, id);
  const [row] = await db.select().from(orderFulfillments).where(where);
  return row;
}

export async function findEvents(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(200);
}

export async function addEvent(
  db: DbOrTx,
  row: {
    organizationId: string;
    orderId: string;
    at: Date;
    code: string;
    values?: Record<string, string | number | null>;
  },
) {
  await db.insert(orderEvents).values({ ...row, values: row.values ?? {} });
}

/** The next manual number of the organization, under its advisory lock (one writer at a time). */
export async function nextManualNumber(db: DbOrTx, organizationId: string): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('orders:' || ${organizationId}))`);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.source, 'manual')));
  return `M-${String((row?.n ?? 0) + 1).padStart(6, '0')}`;
}

export async function skuLinks(
  db: DbOrTx,
  organizationId: string,
  storeId: string,
  skus: string[],
): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: orderSkuLinks.sku, variantId: orderSkuLinks.variantId })
    .from(orderSkuLinks)
    .where(
      and(
        eq(orderSkuLinks.organizationId, organizationId),
        eq(orderSkuLinks.storeId, storeId),
        inArray(orderSkuLinks.sku, skus),
      ),
    );
  return new Map(rows.map((row) => [row.sku, row.variantId]));
}

export async function rememberSkuLink(
  db: DbOrTx,
  row: { organizationId: string; storeId: string; sku: string; variantId: string; createdAt: Date },
) {
  await db
    .insert(orderSkuLinks)
    .values(row)
    .onConflictDoUpdate({
      target: [orderSkuLinks.organizationId, orderSkuLinks.storeId, orderSkuLinks.sku],
      set: { variantId: row.variantId },
    });
}

/** The list's conditions: the tab, the filters and the search (trigram index on search_text). */
function listConditions(organizationId: string, query: OrdersQuery): SQL[] {
  const conditions: SQL[] = [eq(orders.organizationId, organizationId)];
  if (query.tab === 'cancelled') conditions.push(eq(orders.status, 'cancelled'));
  else if (query.tab !== 'all') {
    conditions.push(eq(orders.status, 'open'), eq(orders.fulfillmentState, query.tab));
  }
  if (query.store_id) conditions.push(eq(orders.storeId, query.store_id));
  if (query.payment) conditions.push(eq(orders.paymentState, query.payment));
  if (query.tag) conditions.push(sql`${orders.tags} @> array[${query.tag}]::text[]`);
  if (query.from) conditions.push(gte(orders.placedAt, new Date(`${query.from}T06:00:00Z`)));
  if (query.to) {
    const to = new Date(`${query.to}T06:00:00Z`);
    to.setUTCDate(to.getUTCDate() + 1);
    conditions.push(lt(orders.placedAt, to));
  }
  const search = query.search?.trim().toLowerCase();
  if (search) {
    conditions.push(sql`${orders.searchText} like ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}`);
  }
  return conditions;
}

export async function findPage(db: DbOrTx, organizationId: string, query: OrdersQuery) {
  const where = and(...listConditions(organizationId, query));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function summary(db: DbOrTx, organizationId: string, since: Date) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${orders.status} = 'open' and ${orders.fulfillmentState} <> 'fulfilled')::int`,
      unfulfilled: sql<number>`count(*) filter (where ${orders.status} = 'open' and ${orders.fulfillmentState} = 'unfulfilled')::int`,
      last30: sql<number>`count(*) filter (where ${orders.placedAt} >= ${since.toISOString()})::int`,
    })
    .from(orders)
    .where(eq(orders.organizationId, organizationId));
  return {
    open: row?.open ?? 0,
    unfulfilled: row?.unfulfilled ?? 0,
    last_30_days: row?.last30 ?? 0,
  };
}

/**
 * The organization's orders whose number, without a leading `#` and in any case, is one of
 * `keys` (already so written): several stores may share a number.
 */
export async function findByNumberKeys(db: DbOrTx, organizationId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      id: orders.id,
      key: sql<string>`lower(ltrim(${orders.number}, '#'))`,
      status: orders.status,
      fulfillmentState: orders.fulfillmentState,
      shippedByPlatform: orders.shippedByPlatform,
      storeId: orders.storeId,
    })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        sql`lower(ltrim(${orders.number}, '#')) = any(${sql.param(keys)}::text[])`,
      ),
    );
}

export async function numbersOf(db: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), inArray(orders.id, ids)));
}

export async function ordersOfStore(db: DbOrTx, storeId: string, externalIds: string[] | null) {
  const where = externalIds
    ? and(eq(orders.storeId, storeId), inArray(orders.externalId, externalIds))
    : eq(orders.storeId, storeId);
  return db.select().from(orders).where(where).for('update');
}

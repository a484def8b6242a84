import {
  TRANSACTIONS_TIME_ZONE,
  type QuoteStatus,
  type ShipmentTab,
  type ShipmentsQuery,
} from '@despacho/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { pickups } from './pickups.tables';
import { quotes } from './quotes.tables';
import {
  shipmentLabels,
  shipmentPackages,
  shipmentProducts,
  shipments,
  trackingEvents,
} from './shipments.tables';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipment = typeof shipments.$inferInsert;
export type ShipmentChanges = Partial<
  Omit<NewShipment, 'organizationId' | 'id' | 'idempotencyKey' | 'requestHash'>
>;
export type ShipmentPackageRow = typeof shipmentPackages.$inferSelect;
export type ShipmentProductRow = typeof shipmentProducts.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type PickupRow = typeof pickups.$inferSelect;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(shipments.organizationId, organizationId), eq(shipments.id, id));

/**
 * Inserts the shipment unless its organization already used the idempotency key: then nothing is
 * written and `undefined` comes back. A concurrent insert of the same key waits for the first
 * one's transaction, and finds its row once that commits (or inserts, if it rolled back).
 */
export async function insertShipment(
  db: DbOrTx,
  values: NewShipment,
): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .insert(shipments)
    .values(values)
    .onConflictDoNothing({ target: [shipments.organizationId, shipments.idempotencyKey] })
    .returning();
  return row;
}

export async function findByIdempotencyKey(
  db: DbOrTx,
  organizationId: string,
  idempotencyKey: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.organizationId, organizationId),
        eq(shipments.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function findShipment(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(ofOrganization(organizationId, id));
  return row;
}

/** The shipment under its row lock: whoever settles a purchase holds it. */
export async function lockShipment(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(ofOrganization(organizationId, id))
    .for('update');
  return row;
}

export async function updateShipment(
  db: DbOrTx,
  organizationId: string,
  id: string,
  changes: ShipmentChanges,
): Promise<ShipmentRow> {
  const [row] = await db
    .update(shipments)
    .set(changes)
    .where(ofOrganization(organizationId, id))
    .returning();
  return row!;
}

export async function insertPackages(
  db: DbOrTx,
  rows: (typeof shipmentPackages.$inferInsert)[],
): Promise<ShipmentPackageRow[]> {
  return db.insert(shipmentPackages).values(rows).returning();
}

export async function insertProducts(
  db: DbOrTx,
  rows: (typeof shipmentProducts.$inferInsert)[],
): Promise<ShipmentProductRow[]> {
  return db.insert(shipmentProducts).values(rows).returning();
}

/** The packages of some shipments (already scoped by the caller), in their order. */
export async function packagesOf(db: DbOrTx, shipmentIds: string[]): Promise<ShipmentPackageRow[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .select()
    .from(shipmentPackages)
    .where(inArray(shipmentPackages.shipmentId, shipmentIds))
    .orderBy(asc(shipmentPackages.shipmentId), asc(shipmentPackages.position));
}

export async function productsOf(db: DbOrTx, shipmentId: string): Promise<ShipmentProductRow[]> {
  return db
    .select()
    .from(shipmentProducts)
    .where(eq(shipmentProducts.shipmentId, shipmentId))
    .orderBy(asc(shipmentProducts.packagePosition), asc(shipmentProducts.position));
}

/** The timeline of a shipment in the carrier's order of occurrence. */
export async function eventsOf(db: DbOrTx, shipmentId: string): Promise<TrackingEventRow[]> {
  return db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, shipmentId))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.receivedAt));
}

export async function pickupsByIds(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<PickupRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(pickups)
    .where(and(eq(pickups.organizationId, organizationId), inArray(pickups.id, ids)));
}

export async function quoteStatusOf(
  db: DbOrTx,
  organizationId: string,
  quoteId: string,
): Promise<QuoteStatus | undefined> {
  const [row] = await db
    .select({ status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.organizationId, organizationId), eq(quotes.id, quoteId)));
  return row?.status;
}

export async function insertLabel(
  db: DbOrTx,
  label: { shipmentId: string; pdf: Buffer; zpl: string; createdAt: Date },
): Promise<void> {
  await db.insert(shipmentLabels).values(label).onConflictDoNothing();
}

/** The label of one of the organization's guides, in one format, with its tracking number. */
export async function findLabel<F extends 'pdf' | 'zpl'>(
  db: DbOrTx,
  organizationId: string,
  id: string,
  format: F,
): Promise<
  { trackingNumber: string | null; content: F extends 'pdf' ? Buffer : string } | undefined
> {
  const [row] = await db
    .select({
      trackingNumber: shipments.trackingNumber,
      content: format === 'pdf' ? shipmentLabels.pdf : shipmentLabels.zpl,
    })
    .from(shipments)
    .innerJoin(shipmentLabels, eq(shipmentLabels.shipmentId, shipments.id))
    .where(ofOrganization(organizationId, id));
  return row as
    { trackingNumber: string | null; content: F extends 'pdf' ? Buffer : string } | undefined;
}

/** The PDF labels of those of `ids` that are the organization's and have one. */
export async function findPdfLabels(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<{ id: string; pdf: Buffer }[]> {
  return db
    .select({ id: shipments.id, pdf: shipmentLabels.pdf })
    .from(shipments)
    .innerJoin(shipmentLabels, eq(shipmentLabels.shipmentId, shipments.id))
    .where(and(eq(shipments.organizationId, organizationId), inArray(shipments.id, ids)));
}

/**
 * The expression of the trigram index `shipments_search_trgm`, written the same way so the
 * planner uses the index for `LIKE '%…%'`.
 */
const searchExpression = sql`(lower(coalesce(${shipments.trackingNumber}, '') || ' ' || ${shipments.destinationName} || ' ' || ${shipments.destinationZip}))`;

/** `%`, `_` and `\` typed into the search box are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const TAB_FILTERS: Record<ShipmentTab, SQL | undefined> = {
  all: undefined,
  fulfilled: eq(shipments.status, 'delivered'),
  partially_fulfilled: inArray(shipments.status, ['collected', 'delayed']),
  not_fulfilled: eq(shipments.status, 'created'),
  cancelled: eq(shipments.status, 'cancelled'),
  pickup_requested: and(eq(shipments.status, 'created'), isNotNull(shipments.pickupId)),
  pickup_pending: and(eq(shipments.status, 'created'), isNull(shipments.pickupId)),
};

/** A Mexico City calendar day's first instant, and the next day's, as PostgreSQL computes them. */
const startOfDay = (day: string) =>
  sql`(${day}::date)::timestamp at time zone ${TRANSACTIONS_TIME_ZONE}`;
const startOfNextDay = (day: string) =>
  sql`(${day}::date + 1)::timestamp at time zone ${TRANSACTIONS_TIME_ZONE}`;

/**
 * One page of the organization's guides, newest first, and how many match. Purchases under way
 * are never listed; the "all" tab shows failed purchases too (with their reason), the other tabs
 * only guides the carrier issued. Every word of `search` must appear in the tracking number,
 * the destination's name and company, or its zip.
 */
export async function findPage(
  db: DbOrTx,
  organizationId: string,
  query: ShipmentsQuery,
): Promise<{ rows: ShipmentRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(shipments.organizationId, organizationId),
    query.tab === 'all'
      ? inArray(shipments.purchaseState, ['purchased', 'failed'])
      : eq(shipments.purchaseState, 'purchased'),
    TAB_FILTERS[query.tab],
    query.carrier ? eq(shipments.carrierKey, query.carrier) : undefined,
    query.from ? sql`${shipments.createdAt} >= ${startOfDay(query.from)}` : undefined,
    query.to ? sql`${shipments.createdAt} < ${startOfNextDay(query.to)}` : undefined,
  ];
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  for (const word of words) conditions.push(like(searchExpression, likePattern(word)));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(shipments)
      .where(where)
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(shipments, where),
  ]);
  return { rows, total };
}

/** Guides the organization has bought and not cancelled: the dashboard's "shipments made". */
export function countMade(db: DbOrTx, organizationId: string): Promise<number> {
  return db.$count(
    shipments,
    and(
      eq(shipments.organizationId, organizationId),
      eq(shipments.purchaseState, 'purchased'),
      sql`${shipments.status} <> 'cancelled'`,
    ),
  );
}

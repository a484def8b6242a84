import type {
  QuoteStatus,
  ShipmentTab,
  ShipmentsQuery,
  TransactionDescription,
} from '@despacho/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { raisedDetail } from '../../platform/db-errors';
import { withinOrganizationDays } from '../accounts';
import { pickups } from './pickups.tables';
import { quotes } from './quotes.tables';
import {
  shipmentLabels,
  shipmentPackages,
  shipmentProducts,
  shipments,
  trackingEvents,
} from './shipments.tables';
import { likePattern } from '../../platform/search';

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

/** The organization's shipments of `ids` (any order); another organization's are left out. */
export function findShipments(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<ShipmentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.organizationId, organizationId), inArray(shipments.id, ids)));
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

const TAB_FILTERS: Record<ShipmentTab, SQL | undefined> = {
  all: undefined,
  fulfilled: eq(shipments.status, 'delivered'),
  partially_fulfilled: inArray(shipments.status, ['collected', 'delayed']),
  not_fulfilled: eq(shipments.status, 'created'),
  cancelled: eq(shipments.status, 'cancelled'),
  pickup_requested: and(eq(shipments.status, 'created'), isNotNull(shipments.pickupId)),
  // A guide being cancelled has left its pickup but waits for none.
  pickup_pending: and(
    eq(shipments.status, 'created'),
    isNull(shipments.pickupId),
    isNull(shipments.cancellationRequestedAt),
  ),
};

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
    withinOrganizationDays(shipments.createdAt, organizationId, query),
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

/** What `shipment_settle_purchase` refuses with, raised (SH001, purchase.functions.sql). */
export type SettleRefusal =
  'not_found' | 'hold_missing' | 'hold_settled' | 'key_used' | 'over_hold';

/**
 * A purchase's settle step when the carrier issued the guide, in one statement that is its own
 * transaction (`shipment_settle_purchase`, purchase.functions.sql): the flow run's checkpoint,
 * capture of the hold through `ledger_capture_hold`, the hold settled, the label, the quote
 * completed, the guide `purchased`, the label's event and status, `jobs`. `settled` with what it
 * wrote; `not_purchasing` (settled before) and `run_moved` (another driver moved the run) wrote
 * nothing of the guide's; a refusal rolled the statement back, checkpoint included.
 */
export async function settlePurchase(
  tx: DbOrTx,
  settle: {
    organizationId: string;
    shipmentId: string;
    now: Date;
    trackingNumber: string;
    carrierReference: string | null;
    pdf: Uint8Array;
    zpl: string;
    captureRequestHash: string;
    jobs: { kind: string; payload: unknown; runAt: Date }[];
    /** The flow run's checkpoint past `settle`, as Flows gives it to the step. */
    checkpoint: string;
  },
): Promise<
  | { outcome: 'settled'; chargeTransactionId: string; eventId: string | null }
  | { outcome: 'not_purchasing' | 'run_moved' }
  | { outcome: SettleRefusal; refused: true }
> {
  const values = [
    settle.organizationId,
    settle.shipmentId,
    settle.now.toISOString(),
    settle.trackingNumber,
    settle.carrierReference,
    Buffer.from(settle.pdf),
    settle.zpl,
    settle.captureRequestHash,
    JSON.stringify(
      settle.jobs.map((job) => ({
        kind: job.kind,
        payload: job.payload,
        run_at: job.runAt.toISOString(),
      })),
    ),
    settle.checkpoint,
  ];
  type Row = {
    outcome: 'settled' | 'not_purchasing' | 'run_moved';
    charge_transaction_id: string | null;
    event_id: string | null;
  };
  let row: Row;
  try {
    const result = await tx.execute<Row>(
      sql`select outcome, charge_transaction_id, event_id from shipment_settle_purchase(${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
    row = result.rows[0]!;
  } catch (error) {
    const refused = raisedDetail(error, 'SH001');
    if (!refused) throw error;
    return { outcome: refused.outcome as SettleRefusal, refused: true };
  }
  if (row.outcome !== 'settled') return { outcome: row.outcome };
  return {
    outcome: 'settled',
    chargeTransactionId: row.charge_transaction_id!,
    eventId: row.event_id,
  };
}

/**
 * A purchase's first transaction after the shipment's insert, in one statement
 * 0020, `shipment_start_purchase`), in the caller's transaction: the quote taken, packages and
 * products, the hold through `ledger_post`, `hold_id`. Answers the rows it
 * wrote, or why it stopped (the caller raises the error, which rolls everything back).
 */
export async function startPurchase(
  tx: DbOrTx,
  start: {
    organizationId: string;
    shipmentId: string;
    quoteId: string;
    packages: Omit<typeof shipmentPackages.$inferInsert, 'shipmentId'>[];
    products: Omit<typeof shipmentProducts.$inferInsert, 'shipmentId' | 'organizationId'>[];
    holdRequestHash: string;
    holdDescription: TransactionDescription;
    amount: number;
    now: Date;
    /** The flow run's checkpoint (its insert), as Flows gives it to the first step. */
    checkpoint: string;
  },
): Promise<
  | {
      outcome: 'started';
      holdId: string;
      packages: ShipmentPackageRow[];
      products: ShipmentProductRow[];
    }
  | { outcome: 'quote_taken' | 'insufficient' | 'key_reused' }
> {
  const packagesJson = JSON.stringify(
    start.packages.map((pkg) => ({
      position: pkg.position,
      package_id: pkg.packageId ?? null,
      name: pkg.name ?? null,
      length_cm: pkg.lengthCm,
      width_cm: pkg.widthCm,
      height_cm: pkg.heightCm,
      weight_kg: pkg.weightKg,
    })),
  );
  const productsJson = JSON.stringify(
    start.products.map((product) => ({
      package_position: product.packagePosition,
      position: product.position,
      description: product.description,
      quantity: product.quantity,
      sat_product_code: product.satProductCode,
      sat_unit_code: product.satUnitCode,
      unit_value: product.unitValue,
      variant_id: product.variantId ?? null,
    })),
  );
  type Row = {
    outcome: 'started' | 'quote_taken' | 'insufficient' | 'key_reused';
    hold_id: string | null;
    packages: Record<string, unknown>[] | null;
    products: Record<string, unknown>[] | null;
  };
  const result = await tx.execute<Row>(
    sql`select * from shipment_start_purchase(${start.organizationId}, ${start.shipmentId}, ${start.quoteId}, ${packagesJson}::jsonb, ${productsJson}::jsonb, ${start.holdRequestHash}, ${JSON.stringify(start.holdDescription)}::jsonb, ${start.amount}, ${start.now.toISOString()}, ${start.checkpoint}::jsonb)`,
  );
  const row = result.rows[0]!;
  if (row.outcome !== 'started') return { outcome: row.outcome };
  return {
    outcome: 'started',
    holdId: row.hold_id!,
    packages: (row.packages ?? []).map((pkg) => ({
      shipmentId: String(pkg.shipment_id),
      position: Number(pkg.position),
      packageId: (pkg.package_id as string | null) ?? null,
      name: (pkg.name as string | null) ?? null,
      lengthCm: Number(pkg.length_cm),
      widthCm: Number(pkg.width_cm),
      heightCm: Number(pkg.height_cm),
      weightKg: Number(pkg.weight_kg),
    })),
    products: (row.products ?? []).map((product) => ({
      shipmentId: String(product.shipment_id),
      packagePosition: Number(product.package_position),
      position: Number(product.position),
      description: String(product.description),
      quantity: Number(product.quantity),
      satProductCode: String(product.sat_product_code),
      satUnitCode: String(product.sat_unit_code),
      unitValue: Number(product.unit_value),
      organizationId: String(product.organization_id),
      variantId: (product.variant_id as string | null) ?? null,
    })),
  };
}

/** The tracking numbers of the organization's guides among `ids` that have one, by id. */
export async function findTrackingNumbers(db: DbOrTx, organizationId: string, ids: string[]) {
  const rows = await db
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(and(eq(shipments.organizationId, organizationId), inArray(shipments.id, ids)));
  return new Map(
    rows.flatMap((row) => (row.trackingNumber ? [[row.id, row.trackingNumber] as const] : [])),
  );
}

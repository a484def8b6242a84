import type { CarrierKey } from '@despacho/domain';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { pickups } from './pickups.tables';
import { shipmentPackages, shipments } from './shipments.tables';

export type PickupRow = typeof pickups.$inferSelect;
export type NewPickup = typeof pickups.$inferInsert;

/** What deciding on a guide's pickup needs to know of it. */
export async function guidesOf(db: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: shipments.id,
      carrierKey: shipments.carrierKey,
      locationId: shipments.locationId,
      origin: shipments.origin,
      trackingNumber: shipments.trackingNumber,
      purchaseState: shipments.purchaseState,
      status: shipments.status,
      pickupId: shipments.pickupId,
      cancellationRequestedAt: shipments.cancellationRequestedAt,
    })
    .from(shipments)
    .where(and(eq(shipments.organizationId, organizationId), inArray(shipments.id, ids)));
}
export type GuideForPickup = Awaited<ReturnType<typeof guidesOf>>[number];

/**
 * One statement: the requested pickup the carrier will make at a location on a day (the
 * earliest requested, if several) with the guide put in it, as `attachGuides` does (only if it
 * still waits for one). Undefined when there is no such pickup; `attached` false when the guide
 * no longer waited.
 */
const JOIN_REQUESTED_PICKUP_SQL = `with existing as (
  select id, confirmation_number, date, start_time, end_time
    from pickups
   where organization_id = $1 and carrier_key = $2 and location_id = $3 and date = $4::date
     and status = 'requested'
   order by created_at
   limit 1
   -- Waits for a cancellation or a move under way, then skips the pickup if it no longer fits.
   for update
), attached as (
  update shipments
     set pickup_id = existing.id, pickup_start = existing.start_time,
         pickup_end = existing.end_time, updated_at = $6
    from existing
   where shipments.organization_id = $1 and shipments.id = $5
     and shipments.purchase_state = 'purchased' and shipments.status = 'created'
     and shipments.pickup_id is null and shipments.cancellation_requested_at is null
  returning shipments.id
)
select existing.id, existing.confirmation_number, existing.date::text as date,
       existing.start_time, existing.end_time, exists (select 1 from attached) as attached
  from existing`;

export async function joinRequestedPickup(
  db: Db,
  organizationId: string,
  carrierKey: CarrierKey,
  locationId: string,
  date: string,
  shipmentId: string,
  now: Date,
): Promise<
  | {
      pickup: Pick<PickupRow, 'id' | 'confirmationNumber' | 'date' | 'startTime' | 'endTime'>;
      attached: boolean;
    }
  | undefined
> {
  const { rows } = await db.$client.query<{
    id: string;
    confirmation_number: string;
    date: string;
    start_time: string;
    end_time: string;
    attached: boolean;
  }>({
    name: 'join_requested_pickup',
    text: JOIN_REQUESTED_PICKUP_SQL,
    values: [organizationId, carrierKey, locationId, date, shipmentId, now.toISOString()],
  });
  const [row] = rows;
  if (!row) return undefined;
  return {
    pickup: {
      id: row.id,
      confirmationNumber: row.confirmation_number,
      date: row.date,
      startTime: row.start_time,
      endTime: row.end_time,
    },
    attached: row.attached,
  };
}

export async function insertPickup(db: DbOrTx, values: NewPickup): Promise<PickupRow> {
  const [row] = await db.insert(pickups).values(values).returning();
  return row!;
}

/**
 * Puts guides in a pickup, only those still waiting for one (not collected, not being
 * cancelled, without a pickup); answers how many it changed.
 */
export async function attachGuides(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
  pickup: Pick<PickupRow, 'id' | 'startTime' | 'endTime'>,
  now: Date,
): Promise<number> {
  const changed = await db
    .update(shipments)
    .set({
      pickupId: pickup.id,
      pickupStart: pickup.startTime,
      pickupEnd: pickup.endTime,
      updatedAt: now,
    })
    .where(
      and(
        eq(shipments.organizationId, organizationId),
        inArray(shipments.id, ids),
        eq(shipments.purchaseState, 'purchased'),
        eq(shipments.status, 'created'),
        isNull(shipments.pickupId),
        isNull(shipments.cancellationRequestedAt),
      ),
    )
    .returning({ id: shipments.id });
  return changed.length;
}

/** A pickup of the organization. */
export async function findPickup(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(pickups)
    .where(and(eq(pickups.organizationId, organizationId), eq(pickups.id, id)));
  return row;
}

/** A pickup by id, read without a lock (a job that asks the carrier holds none). */
export async function pickupById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(pickups).where(eq(pickups.id, id));
  return row;
}

/** A pickup, locked until the transaction ends. */
export async function lockPickup(db: DbOrTx, id: string) {
  const [row] = await db.select().from(pickups).where(eq(pickups.id, id)).for('update');
  return row;
}

/**
 * Locks a pickup's guides until the transaction ends. Tracking locks a guide before its
 * pickup, so a change of a pickup and its guides locks them first, then the pickup.
 */
export async function lockGuidesOf(db: DbOrTx, pickupId: string) {
  await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.pickupId, pickupId))
    .orderBy(shipments.id)
    .for('update');
}

export async function updatePickup(db: DbOrTx, id: string, changes: Partial<NewPickup>) {
  await db.update(pickups).set(changes).where(eq(pickups.id, id));
}

/** Takes guides out of their pickup (all of a pickup's, or one): they wait for one again. */
export async function detachGuides(
  db: DbOrTx,
  which: { pickupId: string } | { shipmentId: string },
  now: Date,
) {
  await db
    .update(shipments)
    .set({ pickupId: null, pickupStart: null, pickupEnd: null, updatedAt: now })
    .where(
      'pickupId' in which
        ? eq(shipments.pickupId, which.pickupId)
        : eq(shipments.id, which.shipmentId),
    );
}

/** The window a pickup's guides show, after it moved. */
export async function moveGuides(
  db: DbOrTx,
  pickup: Pick<PickupRow, 'id' | 'startTime' | 'endTime'>,
  now: Date,
) {
  await db
    .update(shipments)
    .set({ pickupStart: pickup.startTime, pickupEnd: pickup.endTime, updatedAt: now })
    .where(eq(shipments.pickupId, pickup.id));
}

export async function hasGuides(db: DbOrTx, pickupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.pickupId, pickupId))
    .limit(1);
  return row !== undefined;
}

// Per pickup: its guides still travelling (cancelled ones left out), their packages and weight.
const travelling = (pickupId: typeof pickups.id) =>
  sql`${shipments.pickupId} = ${pickupId} and ${shipments.status} <> 'cancelled'`;

/** Pickups of the organization, newest day first, with their guides' packages and weight. */
export async function listPickups(
  db: DbOrTx,
  organizationId: string,
  page: { page: number; pageSize: number } | { id: string },
) {
  const where =
    'id' in page
      ? and(eq(pickups.organizationId, organizationId), eq(pickups.id, page.id))
      : eq(pickups.organizationId, organizationId);
  const query = db
    .select({
      pickup: pickups,
      packageCount: sql<number>`(
        select count(*)::int from ${shipmentPackages}
        join ${shipments} on ${shipments.id} = ${shipmentPackages.shipmentId}
        where ${travelling(pickups.id)})`,
      weightKg: sql<number>`(
        select coalesce(sum(${shipmentPackages.weightKg}), 0)::float8 from ${shipmentPackages}
        join ${shipments} on ${shipments.id} = ${shipmentPackages.shipmentId}
        where ${travelling(pickups.id)})`,
      trackingNumbers: sql<string[]>`(
        select coalesce(array_agg(${shipments.trackingNumber} order by ${shipments.createdAt}, ${shipments.trackingNumber}), '{}')
        from ${shipments}
        where ${travelling(pickups.id)} and ${shipments.trackingNumber} is not null)`,
    })
    .from(pickups)
    .where(where)
    .orderBy(desc(pickups.date), desc(pickups.createdAt), desc(pickups.id));
  const rows =
    'id' in page
      ? await query
      : await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize);
  const [total] =
    'id' in page
      ? [{ total: rows.length }]
      : await db.select({ total: count() }).from(pickups).where(where);
  return { rows, total: total?.total ?? 0 };
}
export type PickupListRow = Awaited<ReturnType<typeof listPickups>>['rows'][number];

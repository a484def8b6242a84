import type { CarrierKey } from '@despacho/domain';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { locations } from '../addresses/locations.tables';
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

/** The requested pickup the carrier will make at a location on a day, if any. */
export async function findRequestedPickup(
  db: DbOrTx,
  organizationId: string,
  carrierKey: CarrierKey,
  locationId: string,
  date: string,
) {
  const [row] = await db
    .select()
    .from(pickups)
    .where(
      and(
        eq(pickups.organizationId, organizationId),
        eq(pickups.carrierKey, carrierKey),
        eq(pickups.locationId, locationId),
        eq(pickups.date, date),
        eq(pickups.status, 'requested'),
      ),
    )
    .orderBy(pickups.createdAt)
    .limit(1);
  return row;
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
      locationAlias: locations.alias,
      packageCount: sql<number>`(
        select count(*)::int from ${shipmentPackages}
        join ${shipments} on ${shipments.id} = ${shipmentPackages.shipmentId}
        where ${travelling(pickups.id)})`,
      weightKg: sql<number>`(
        select coalesce(sum(${shipmentPackages.weightKg}), 0)::float8 from ${shipmentPackages}
        join ${shipments} on ${shipments.id} = ${shipmentPackages.shipmentId}
        where ${travelling(pickups.id)})`,
      trackingNumbers: sql<string[]>`(
        select coalesce(array_agg(${shipments.trackingNumber} order by ${shipments.createdAt}), '{}')
        from ${shipments}
        where ${travelling(pickups.id)} and ${shipments.trackingNumber} is not null)`,
    })
    .from(pickups)
    .innerJoin(locations, eq(locations.id, pickups.locationId))
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

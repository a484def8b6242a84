import type { CarrierKey } from '@despacho/domain';
import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  notExists,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { pickups } from './pickups.tables';
import { shipments, trackingEvents } from './shipments.tables';

export type ShipmentRow = typeof shipments.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type NewTrackingEvent = typeof trackingEvents.$inferInsert;
export type ShipmentChanges = Partial<typeof shipments.$inferInsert>;

/**
 * Tracking's queries. Events and status changes come from carriers and jobs, not from a
 * signed-in merchant: they find guides by id or tracking number across organizations.
 */

/** The guide, its row locked until the transaction ends: its events apply one at a time. */
export async function lockShipment(db: DbOrTx, shipmentId: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
  return row;
}

/** An issued guide of a carrier by its tracking number. */
export async function findIssuedGuide(db: DbOrTx, carrierKey: CarrierKey, trackingNumber: string) {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.carrierKey, carrierKey),
        eq(shipments.trackingNumber, trackingNumber),
        eq(shipments.purchaseState, 'purchased'),
      ),
    );
  return row;
}

/** An issued guide by tracking number, whatever the carrier (the public page). */
export async function findByTrackingNumber(db: DbOrTx, trackingNumber: string) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(
      and(eq(shipments.trackingNumber, trackingNumber), eq(shipments.purchaseState, 'purchased')),
    );
  return row;
}

/** Stores an event unless the guide already has one with its external id: the new row, if any. */
export async function insertEvent(
  db: DbOrTx,
  event: NewTrackingEvent,
): Promise<TrackingEventRow | undefined> {
  const [inserted] = await db
    .insert(trackingEvents)
    .values(event)
    .onConflictDoNothing({ target: [trackingEvents.shipmentId, trackingEvents.externalId] })
    .returning();
  return inserted;
}

export async function updateShipment(db: DbOrTx, shipmentId: string, changes: ShipmentChanges) {
  await db.update(shipments).set(changes).where(eq(shipments.id, shipmentId));
}

/** The timeline of a guide in the order things happened. */
export function eventsOf(db: DbOrTx, shipmentId: string): Promise<TrackingEventRow[]> {
  return db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, shipmentId))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.receivedAt));
}

/**
 * Marks a requested pickup collected once every guide of it that is still meant to travel
 * (neither cancelled nor being cancelled) has been collected.
 */
export async function completePickupIfCollected(db: DbOrTx, pickupId: string) {
  const pending = db
    .select({ one: sql`1` })
    .from(shipments)
    .where(
      and(
        eq(shipments.pickupId, pickupId),
        isNull(shipments.collectedAt),
        ne(shipments.status, 'cancelled'),
        isNull(shipments.cancellationRequestedAt),
      ),
    );
  await db
    .update(pickups)
    .set({ status: 'collected' })
    .where(and(eq(pickups.id, pickupId), eq(pickups.status, 'requested'), notExists(pending)));
}

/** An open guide the tracking poll asks its carrier about. */
export interface PolledGuide {
  id: string;
  organizationId: string;
  carrierKey: CarrierKey;
  trackingNumber: string;
  createdAt: Date;
}

/**
 * One batch of open guides (bought, not delivered or cancelled) of real carriers (not sandbox),
 * bought since `since`, after `after` in (created_at, id) order: the poll's keyset pages.
 */
export async function openGuidesToPoll(
  db: DbOrTx,
  carriers: CarrierKey[],
  since: Date,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<PolledGuide[]> {
  const rows = await db
    .select({
      id: shipments.id,
      organizationId: shipments.organizationId,
      carrierKey: shipments.carrierKey,
      trackingNumber: shipments.trackingNumber,
      createdAt: shipments.createdAt,
    })
    .from(shipments)
    .where(
      and(
        inArray(shipments.carrierKey, carriers),
        eq(shipments.purchaseState, 'purchased'),
        eq(shipments.sandbox, false),
        notInArray(shipments.status, ['delivered', 'cancelled']),
        isNotNull(shipments.trackingNumber),
        gte(shipments.createdAt, since),
        after
          ? sql`(${shipments.createdAt}, ${shipments.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(shipments.createdAt), asc(shipments.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, trackingNumber: row.trackingNumber! }));
}

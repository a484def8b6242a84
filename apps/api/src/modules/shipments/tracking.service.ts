import {
  carrierByKey,
  carrierTrackingUrl,
  CARRIER_STATUSES,
  DELAY_CODES,
  isCarrierKey,
  TRACKING_CODES,
  trackingDescription,
  type CarrierStatus,
  type CarrierWebhookEvent,
  type Language,
  type PublicTracking,
  type ShipmentStatus,
  type TrackingCode,
  type TrackingEventOutcome,
  type TrackingEventView,
} from '@despacho/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AccountDetailsService } from '../accounts';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { JobHandler, Jobs } from '../../platform/jobs';
import * as repository from './tracking.repository';
import type { ShipmentRow } from './tracking.repository';
import { sandboxTimeline } from './tracking.sandbox';

export type { ShipmentRow } from './tracking.repository';

/** Plays one event of a sandbox carrier's timeline (`sandboxTimeline`). */
export const SANDBOX_EVENT_JOB = 'tracking.sandbox_event';

/** Who reported an event: the carrier's push, the sandbox timeline, or Despacho itself. */
export type TrackingSource = 'carrier' | 'sandbox' | 'system';

/** An event as a carrier reports it; `id` is its own event id. */
export interface TrackingEventInput {
  id: string;
  status: CarrierStatus;
  code: TrackingCode;
  location: string | null;
  occurredAt: Date;
}

const sandboxEventPayloadSchema = z.object({
  shipment_id: z.uuid(),
  event: z.object({
    id: z.string(),
    status: z.enum(CARRIER_STATUSES),
    code: z.enum(TRACKING_CODES),
    location: z.string().nullable(),
    occurred_at: z.iso.datetime(),
  }),
});
type SandboxEventPayload = z.infer<typeof sandboxEventPayloadSchema>;

/** How far a carrier status is along the way: a guide never moves back along it. */
const PROGRESS: Record<CarrierStatus, number> = {
  CREATED: 0,
  IN_TRANSIT: 1,
  DELIVERED: 2,
  CANCELLED: 2,
};

/** The list status an event leads to (decision 017, "Statuses"). */
export function statusAfter(event: Pick<TrackingEventInput, 'status' | 'code'>): ShipmentStatus {
  switch (event.status) {
    case 'CREATED':
      return 'created';
    case 'IN_TRANSIT':
      return DELAY_CODES.includes(event.code) ? 'delayed' : 'collected';
    case 'DELIVERED':
      return 'delivered';
    case 'CANCELLED':
      return 'cancelled';
  }
}

export function trackingEventView(
  row: repository.TrackingEventRow,
  language: Language,
): TrackingEventView {
  return {
    status: row.status,
    code: row.code,
    description: trackingDescription(row.code, language),
    location: row.location,
    occurred_at: row.occurredAt.toISOString(),
  };
}

/**
 * A guide's tracking: the timeline of events (from the carrier's signed pushes, the sandbox
 * carriers' scheduled timeline, and our own label and cancellation events) and the status it
 * leads to. Events are stored once per carrier event id; the status follows the latest event by
 * the carrier's time, so a late push only joins the timeline, and DELIVERED and CANCELLED are
 * final.
 */
export class TrackingService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      config: Config;
      jobs: Jobs;
      events: DomainEvents;
      accountDetails: Pick<AccountDetailsService, 'publicBrand'>;
    },
  ) {}

  /**
   * The jobs a guide issued at `now` schedules: a sandbox guide's timeline (`SANDBOX_EVENT_JOB`,
   * one per event), none for a real carrier's. The purchase's settle function
   * (`shipment_settle_purchase`) inserts them with the label's event.
   */
  purchasedJobs(
    shipment: Pick<
      ShipmentRow,
      'id' | 'sandbox' | 'carrierKey' | 'transitDaysMax' | 'origin' | 'destination'
    > & { trackingNumber: string },
    now: Date,
  ): { kind: string; payload: SandboxEventPayload; runAt: Date }[] {
    if (!shipment.sandbox) return [];
    const timeline = sandboxTimeline(
      {
        carrierKey: shipment.carrierKey,
        trackingNumber: shipment.trackingNumber,
        transitDays: shipment.transitDaysMax,
        originCity: shipment.origin.city,
        destinationCity: shipment.destination.city,
      },
      now,
      this.deps.config.CARRIER_SANDBOX_TIME_SCALE,
    );
    return timeline.map((event) => {
      const payload: SandboxEventPayload = {
        shipment_id: shipment.id,
        event: {
          id: event.id,
          status: event.status,
          code: event.code,
          location: event.location,
          occurred_at: event.occurredAt.toISOString(),
        },
      };
      return { kind: SANDBOX_EVENT_JOB, payload, runAt: event.occurredAt };
    });
  }

  /**
   * Adds an event to a guide's timeline (once per event id) and moves the guide's status when
   * the event is at least as recent as the latest applied and the guide is not final yet. A
   * CANCELLED event only cancels a guide whose cancellation was asked (the refund is the
   * cancellation job's). Runs in the caller's transaction under the guide's row lock.
   */
  async applyEvent(
    tx: DbOrTx,
    shipmentId: string,
    event: TrackingEventInput,
    source: TrackingSource,
  ): Promise<TrackingEventOutcome> {
    const shipment = await repository.lockShipment(tx, shipmentId);
    if (!shipment) throw notFound();
    return (await this.record(tx, shipment, event, source)).outcome;
  }

  /** `applyEvent` on a guide whose row lock the caller already holds; also the stored row. */
  private async record(
    tx: DbOrTx,
    shipment: ShipmentRow,
    event: TrackingEventInput,
    source: TrackingSource,
  ): Promise<{ outcome: TrackingEventOutcome; stored?: repository.TrackingEventRow }> {
    const shipmentId = shipment.id;
    const now = this.deps.clock.now();
    const stored = await repository.insertEvent(tx, {
      shipmentId,
      externalId: event.id,
      status: event.status,
      code: event.code,
      location: event.location,
      occurredAt: event.occurredAt,
      source,
      receivedAt: now,
    });
    if (!stored) return { outcome: 'duplicate' };
    if (!moves(shipment, event)) return { outcome: 'recorded', stored };

    const collects = event.status === 'IN_TRANSIT' || event.status === 'DELIVERED';
    await repository.updateShipment(tx, shipmentId, {
      carrierStatus: event.status,
      status: statusAfter(event),
      // A cancellation applies whatever its time; the latest time seen stays the mark.
      lastEventAt:
        shipment.lastEventAt && shipment.lastEventAt > event.occurredAt
          ? shipment.lastEventAt
          : event.occurredAt,
      updatedAt: now,
      ...(collects && !shipment.collectedAt ? { collectedAt: event.occurredAt } : {}),
      ...(event.status === 'DELIVERED' ? { deliveredAt: event.occurredAt } : {}),
      ...(event.status === 'CANCELLED' ? { cancelledAt: now } : {}),
    });
    if (collects && !shipment.collectedAt && shipment.pickupId) {
      await repository.completePickupIfCollected(tx, shipment.pickupId);
    }
    await this.deps.events.emit(
      tx,
      shipment.organizationId,
      'shipment.tracking_updated',
      {
        shipment_id: shipmentId,
        tracking_number: shipment.trackingNumber ?? '',
        carrier: shipment.carrierKey,
        status: event.status,
        previous_status: shipment.carrierStatus,
        occurred_at: event.occurredAt.toISOString(),
      },
      `shipment:${shipmentId}`,
    );
    return { outcome: 'applied', stored };
  }

  /** A carrier's signed push, already verified: 404 for a guide it did not issue. */
  receivePush(carrier: string, push: CarrierWebhookEvent): Promise<TrackingEventOutcome> {
    if (!isCarrierKey(carrier)) throw notFound();
    return this.deps.db.transaction(async (tx) => {
      const guide = await repository.findIssuedGuide(tx, carrier, push.tracking_number);
      if (!guide) throw notFound();
      return this.applyEvent(
        tx,
        guide.id,
        {
          id: push.event_id,
          status: push.status,
          code: push.code,
          location: push.location ?? null,
          occurredAt: new Date(push.occurred_at),
        },
        'carrier',
      );
    });
  }

  /**
   * What a carrier's tracking answered for a guide (the poll, `TrackingPoll`), applied oldest
   * first in one transaction, each as a push is (`applyEvent`): known ones are duplicates.
   */
  receivePolled(shipmentId: string, events: TrackingEventInput[]): Promise<TrackingEventOutcome[]> {
    const oldestFirst = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    return this.deps.db.transaction(async (tx) => {
      const outcomes: TrackingEventOutcome[] = [];
      for (const event of oldestFirst) {
        outcomes.push(await this.applyEvent(tx, shipmentId, event, 'carrier'));
      }
      return outcomes;
    });
  }

  /** A guide's events in the order they happened, described in `language`. */
  async timeline(
    shipmentId: string,
    language: Language,
    db: DbOrTx = this.deps.db,
  ): Promise<TrackingEventView[]> {
    const rows = await repository.eventsOf(db, shipmentId);
    return rows.map((row) => trackingEventView(row, language));
  }

  /**
   * The public page of a guide: carrier, cities, estimate and timeline, the merchant's trade name
   * and logo, and the carrier's own tracking page (not for a sandbox guide, which the carrier
   * never saw); nothing private.
   */
  async publicTracking(trackingNumber: string, language: Language): Promise<PublicTracking> {
    const shipment = await repository.findByTrackingNumber(this.deps.db, trackingNumber);
    if (!shipment?.trackingNumber) throw notFound();
    const carrier = carrierByKey(shipment.carrierKey);
    const service = carrier?.services.find((entry) => entry.key === shipment.serviceKey);
    const [merchant, events] = await Promise.all([
      this.deps.accountDetails.publicBrand(shipment.organizationId),
      this.timeline(shipment.id, language),
    ]);
    return {
      tracking_number: shipment.trackingNumber,
      carrier_name: carrier?.name ?? shipment.carrierKey,
      service_name: service?.name[language] ?? shipment.serviceKey,
      status: shipment.status,
      origin_city: shipment.origin.city,
      destination_city: shipment.destination.city,
      estimated_delivery: shipment.estimatedDelivery,
      events,
      merchant,
      carrier_tracking_url:
        carrier && !shipment.sandbox ? carrierTrackingUrl(carrier, shipment.trackingNumber) : null,
    };
  }

  /**
   * `tracking.sandbox_event`: the sandbox carrier reports the next event of its timeline. A
   * guide cancelled, or whose cancellation the carrier accepted, travels no further.
   */
  readonly sandboxEventJob: JobHandler = async (tx, raw) => {
    const payload = sandboxEventPayloadSchema.parse(raw);
    const shipment = await repository.lockShipment(tx, payload.shipment_id);
    if (!shipment || shipment.status === 'cancelled' || shipment.cancellationRequestedAt) return;
    await this.applyEvent(
      tx,
      shipment.id,
      { ...payload.event, occurredAt: new Date(payload.event.occurred_at) },
      'sandbox',
    );
  };
}

/** Whether an event moves the guide's status (see `applyEvent`). */
function moves(shipment: ShipmentRow, event: TrackingEventInput): boolean {
  if (shipment.carrierStatus === 'DELIVERED' || shipment.carrierStatus === 'CANCELLED') {
    return false;
  }
  if (event.status === 'CANCELLED') return shipment.cancellationRequestedAt !== null;
  if (shipment.lastEventAt && event.occurredAt < shipment.lastEventAt) return false;
  return PROGRESS[event.status] >= PROGRESS[shipment.carrierStatus];
}

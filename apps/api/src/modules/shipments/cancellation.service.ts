import { cancellationRefusal, refundDueBy, type CarrierKey } from '@despacho/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { JobHandler, Jobs } from '../../platform/jobs';
import { askCarrier, type CarrierAdapter, type CarrierAdapters } from '../carriers';
import type { StockLedger } from '../inventory';
import type { NotificationsService } from '../notifications';
import type { LedgerService } from '../wallet';
import { labelStock } from './shipment-stock';
import { shipments } from './shipments.tables';
import * as tracking from './tracking.repository';
import type { ShipmentRow } from './tracking.repository';
import type { PickupsService } from './pickups.service';
import type { TrackingService } from './tracking.service';

/** The carrier confirms a cancellation: the guide is cancelled and its charge refunded. */
export const CONFIRM_CANCELLATION_JOB = 'shipments.confirm_cancellation';

const confirmPayloadSchema = z.object({
  shipment_id: z.uuid(),
  /** When the carrier confirmed (the job's planned time): the time of the `cancelled` event. */
  confirms_at: z.iso.datetime(),
});
type ConfirmPayload = z.infer<typeof confirmPayloadSchema>;

/**
 * Told in the confirmation's transaction that a guide is cancelled and refunded: a domain that
 * bought a guide for a record of its own (an exit) puts that record right (decision 028).
 */
export type GuideCancelledListener = (
  tx: DbOrTx,
  guide: { id: string; organizationId: string; trackingNumber: string | null },
) => Promise<void>;

export interface CancellationRequested {
  cancellation_requested_at: string;
  /** Mexico City day by which the refund reaches the balance. */
  refund_due_by: string;
}

export interface CancellationDeps {
  db: Db;
  clock: Clock;
  config: Config;
  jobs: Jobs;
  events: DomainEvents;
  /** The app's carrier adapters (the composition root's). */
  adapters: CarrierAdapters;
  ledger: LedgerService;
  tracking: TrackingService;
  notifications: NotificationsService;
  pickups: Pick<PickupsService, 'removeGuide'>;
  /** A cancelled label's goods go back on hand. */
  stock: Pick<StockLedger, 'followReservation'>;
}

/** The refund's idempotency key: one refund per guide, however often the job runs. */
export const refundKeyOf = (shipmentId: string) => `shipment:${shipmentId}:refund`;

async function findGuide(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.organizationId, organizationId), eq(shipments.id, id)));
  return row;
}

function refusalOf(guide: ShipmentRow, now: Date) {
  return cancellationRefusal(
    {
      createdAt: guide.createdAt,
      status: guide.status,
      cancellationRequested: guide.cancellationRequestedAt !== null,
    },
    now,
  );
}

/**
 * Cancelling a guide (decision 017): allowed while it is unused and younger than 73 hours. The
 * carrier is asked at once, outside any transaction; the guide then shows its cancellation as
 * requested and it leaves its pickup, and when the carrier confirms (`confirmsAt`) a job cancels
 * it and refunds its whole charge to the balance in one transaction.
 */
export class CancellationService {
  private readonly adapters: Record<CarrierKey, CarrierAdapter>;
  private readonly listeners: GuideCancelledListener[] = [];

  constructor(private readonly deps: CancellationDeps) {
    this.adapters = deps.adapters;
  }

  /** Registers a domain that follows its guides' cancellations (the composition root does). */
  onGuideCancelled(listener: GuideCancelledListener): void {
    this.listeners.push(listener);
  }

  async request(organizationId: string, shipmentId: string): Promise<CancellationRequested> {
    const guide = await findGuide(this.deps.db, organizationId, shipmentId);
    if (!guide || guide.purchaseState !== 'purchased' || !guide.trackingNumber) throw notFound();
    const now = this.deps.clock.now();
    const refusal = refusalOf(guide, now);
    if (refusal) throw new AppError(refusal);

    const trackingNumber = guide.trackingNumber;
    const { confirmsAt } = await askCarrier('CANCELLATION_REJECTED', () =>
      this.adapters[guide.carrierKey].cancel({ organizationId, trackingNumber, requestedAt: now }),
    );

    await this.deps.db.transaction(async (tx) => {
      // Under the guide's lock: a second request, or a collection scan, that arrived while
      // the carrier was asked wins over this one.
      const current = await tracking.lockShipment(tx, shipmentId);
      const late = current && refusalOf(current, now);
      if (late) throw new AppError(late);
      await tracking.updateShipment(tx, shipmentId, {
        cancellationRequestedAt: now,
        updatedAt: now,
      });
      // The courier must not collect it: it leaves its pickup (cancelled if left empty).
      if (current?.pickupId) {
        await this.deps.pickups.removeGuide(tx, current.pickupId, shipmentId, now);
      }
      const payload: ConfirmPayload = {
        shipment_id: shipmentId,
        confirms_at: confirmsAt.toISOString(),
      };
      await this.deps.jobs.enqueue(tx, CONFIRM_CANCELLATION_JOB, payload, confirmsAt);
    });
    return {
      cancellation_requested_at: now.toISOString(),
      refund_due_by: refundDueBy(now),
    };
  }

  /**
   * `shipments.confirm_cancellation`: marks the guide cancelled (with its `cancelled` event),
   * refunds the whole charge, linked to the guide, and puts back on hand the stock it took; the
   * domains that follow guides (an exit's) are told; the merchant is told. Running it again finds
   * the refund made and does nothing. A guide delivered meanwhile is not refunded.
   */
  readonly confirmJob: JobHandler = async (tx, raw) => {
    const payload = confirmPayloadSchema.parse(raw);
    const guide = await tracking.lockShipment(tx, payload.shipment_id);
    if (!guide?.cancellationRequestedAt || guide.refundTransactionId) return;
    await this.deps.tracking.applyEvent(
      tx,
      guide.id,
      {
        id: 'cancelled',
        status: 'CANCELLED',
        code: 'cancelled',
        location: null,
        occurredAt: new Date(payload.confirms_at),
      },
      'system',
    );
    const cancelled = await tracking.lockShipment(tx, guide.id);
    if (cancelled?.status !== 'cancelled' || !cancelled.chargeTransactionId) return;
    const refund = await this.deps.ledger.refund(
      {
        organizationId: guide.organizationId,
        transactionId: cancelled.chargeTransactionId,
        idempotencyKey: refundKeyOf(guide.id),
        kind: 'refund',
        reference: { type: 'shipment', id: guide.id },
        description: {
          code: 'guide_cancellation',
          params: { tracking_number: guide.trackingNumber ?? guide.id },
        },
      },
      tx,
    );
    await tracking.updateShipment(tx, guide.id, {
      refundTransactionId: refund.transactionId,
      updatedAt: this.deps.clock.now(),
    });
    // The goods a label took from stock are back on hand (issue 15), once with the refund.
    await this.deps.stock.followReservation(
      guide.organizationId,
      'return',
      labelStock(guide.id, 'shipment_cancellation'),
      tx,
    );
    for (const listener of this.listeners) {
      await listener(tx, {
        id: guide.id,
        organizationId: guide.organizationId,
        trackingNumber: guide.trackingNumber,
      });
    }
    await this.deps.events.emit(
      tx,
      guide.organizationId,
      'shipment.cancelled',
      {
        shipment_id: guide.id,
        tracking_number: guide.trackingNumber ?? '',
        carrier: guide.carrierKey,
        refunded: cancelled.total,
      },
      `shipment:${guide.id}`,
    );
    await this.deps.notifications.notify(
      guide.organizationId,
      {
        kind: 'NOTIFICATION',
        content: {
          code: 'guide_cancelled',
          params: { tracking_number: guide.trackingNumber ?? guide.id },
        },
        link: `/app/shippings/${guide.id}`,
      },
      tx,
    );
  };
}

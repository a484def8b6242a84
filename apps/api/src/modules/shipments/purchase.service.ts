import {
  errorMessage,
  type Language,
  type PickupTimeRange,
  type ShipmentDetail,
  type ShipmentParty,
} from '@despacho/domain';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { FlowDefinition, Flows } from '../../platform/flows';
import { hashRequest as requestHashOf } from '../../platform/request-hash';
import type { CarrierAdapters } from '../carriers';
import type { LedgerService } from '../wallet';
import type { InventoryService, StockLedger } from '../inventory';
import type { PickupsService } from './pickups.service';
import type { PurchaseChecksService, PurchaseData } from './purchase-checks.service';
import {
  EarlierPurchase,
  purchaseFlow,
  unitsPerVariant,
  type InFlightPurchase,
  type PurchaseFlowData,
  type StartedGuide,
} from './purchase.flow';
import type { QuotesService } from './quotes.service';
import * as repository from './shipments.repository';
import type { ShipmentRow } from './shipments.repository';
import type { StoredCustoms } from './shipments.tables';
import type { ShipmentsService } from './shipments.service';
import type { TrackingService } from './tracking.service';

export interface PurchaseDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_URL'>;
  flows: Pick<Flows, 'define' | 'run'>;
  ledger: Pick<LedgerService, 'prepareAccounts' | 'release'>;
  carriers: CarrierAdapters;
  checks: Pick<PurchaseChecksService, 'plan'>;
  quotes: Pick<QuotesService, 'setStatus'>;
  tracking: Pick<TrackingService, 'purchasedJobs'>;
  events: Pick<DomainEvents, 'jobIfWanted'>;
  pickups: Pick<PickupsService, 'scheduleForShipment'>;
  shipments: Pick<ShipmentsService, 'detailOf'>;
  /** A label from a stock-keeping location reserves its catalogue products (issue 15). */
  stock: Pick<StockLedger, 'reserve' | 'followReservation'>;
  inventory: Pick<InventoryService, 'stockLocationOf' | 'availableAt'>;
  log?: FastifyBaseLogger | undefined;
}

export interface PurchaseInput {
  organizationId: string;
  userId: string;
  idempotencyKey: string;
  language: Language;
  data: PurchaseData;
  /**
   * Given only by a server-side caller (an exit shipped from a platform warehouse, never the
   * merchant's HTTP body): the guide leaves from here, with no address-book location.
   */
  origin?: ShipmentParty;
  /**
   * A guide abroad: its customs declaration for the carrier's label (server-side callers only:
   * the international module's T1 shipments), kept with the guide.
   */
  customs?: StoredCustoms;
}

const failed = (row: ShipmentRow) =>
  new AppError('GUIDE_PAYMENT_FAILED', {
    reason: row.failureReason ?? '',
    shipment_id: row.id,
  });

/**
 * Buying a guide (decision 017, "Purchase"; decision 022): from a stored quote's rate, paid from
 * the prepaid balance, scoped by the caller's organization.
 *
 * A purchase is a flow (`purchase.flow.ts`, decision 028): a start transaction (the guide
 * `purchasing`, unique per organization and Idempotency-Key, with the hold of its total and its
 * stock reserved), the carrier's call with no transaction open, then the settle
 * (`shipment_settle_purchase`, the only settle of an issued guide) or, when the carrier refuses,
 * the start compensated (`failed`, hold and stock released). The same key again answers the
 * first purchase's result; a purchase interrupted between the steps is driven on by the flows'
 * resume job, which asks the carrier again with the same shipment id (the carrier's idempotency
 * key).
 */
export class PurchaseService {
  private readonly flow: FlowDefinition<PurchaseFlowData>;
  /** The purchases this process's requests are driving, by guide (see InFlightPurchase). */
  private readonly inFlight = new Map<string, InFlightPurchase>();

  constructor(private readonly deps: PurchaseDeps) {
    this.flow = deps.flows.define(purchaseFlow({ ...deps, inFlight: this.inFlight }));
  }

  /**
   * Buys a guide. Answers the new guide (`replayed: false`), or the guide an earlier request
   * with the same key bought (`replayed: true`). Throws INSUFFICIENT_BALANCE (nothing written),
   * GUIDE_PAYMENT_FAILED (the carrier refused; the hold was released), PURCHASE_IN_PROGRESS
   * (the first request with this key is still under way), IDEMPOTENCY_KEY_REUSED, and the
   * checks' errors (NOT_FOUND, QUOTE_EXPIRED, QUOTE_MISMATCH, QUOTE_ALREADY_USED,
   * VALIDATION_FAILED).
   */
  async purchase(input: PurchaseInput): Promise<{ shipment: ShipmentDetail; replayed: boolean }> {
    const { organizationId, idempotencyKey, language } = input;
    const requestHash = requestHashOf(input.data);
    const earlier = await repository.findByIdempotencyKey(
      this.deps.db,
      organizationId,
      idempotencyKey,
    );
    if (earlier) return this.answerEarlier(earlier, requestHash, language);

    const now = this.deps.clock.now();
    const [plan] = await Promise.all([
      this.deps.checks.plan(organizationId, input.data, language, now, input.origin),
      // Before the transactions that move money: they then need no second connection.
      this.deps.ledger.prepareAccounts(organizationId),
    ]);
    const shipmentId = randomUUID();
    const inFlight: InFlightPurchase = {
      request: { ...input, origin: input.origin, plan, requestHash, now },
    };
    this.inFlight.set(shipmentId, inFlight);
    try {
      // Started and driven without reading the run back; the start's errors leave nothing.
      const outcome = await this.deps.flows
        .run(this.flow, { organizationId, subjectId: shipmentId, data: {} })
        .catch((error: unknown) => {
          if (error instanceof EarlierPurchase) return error;
          return this.shortStock(input, error);
        });
      if (outcome instanceof EarlierPurchase) {
        return this.answerEarlier(outcome.row, requestHash, language);
      }
      // What this process's steps wrote; a run another driver finished is read as it stands.
      const settled =
        outcome.run.state === 'succeeded' && inFlight.settled
          ? inFlight.settled
          : { row: (await repository.findShipment(this.deps.db, organizationId, shipmentId))! };
      return {
        shipment: await this.answerPurchased(input, settled, inFlight.started),
        replayed: false,
      };
    } finally {
      this.inFlight.delete(shipmentId);
    }
  }

  /** The new guide's answer, its pickup requested first; or why it was not bought. */
  private async answerPurchased(
    input: PurchaseInput,
    { row: settled, events }: NonNullable<InFlightPurchase['settled']>,
    started: StartedGuide | undefined,
  ): Promise<ShipmentDetail> {
    if (settled.purchaseState === 'failed') throw failed(settled);
    if (settled.purchaseState !== 'purchased') throw new AppError('PURCHASE_IN_PROGRESS');
    const pickup = await this.schedulePickup(
      settled,
      input.userId,
      input.data.pickup_time_range ?? null,
    );
    // The answer from what this purchase wrote, its timeline included (the label's event).
    return this.deps.shipments.detailOf(
      pickup ? { ...settled, pickupId: pickup.id } : settled,
      input.language,
      {
        quoteStatus: 'completed',
        ...(started ? { packages: started.packages, products: started.products } : {}),
        ...(events?.length ? { events } : {}),
        pickup: pickup && {
          confirmationNumber: pickup.confirmationNumber,
          date: pickup.date,
          startTime: pickup.start,
          endTime: pickup.end,
        },
      },
    );
  }

  /** What an earlier request with the same Idempotency-Key came to. */
  private async answerEarlier(
    row: ShipmentRow,
    requestHash: string,
    language: Language,
  ): Promise<{ shipment: ShipmentDetail; replayed: boolean }> {
    if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.purchaseState === 'purchasing') throw new AppError('PURCHASE_IN_PROGRESS');
    if (row.purchaseState === 'failed') throw failed(row);
    return { shipment: await this.deps.shipments.detailOf(row, language), replayed: true };
  }

  /**
   * INSUFFICIENT_STOCK names every short product under its lines' quantities (the start rolled
   * back, so their availability is read again); any other error passes through.
   */
  private async shortStock(input: PurchaseInput, error: unknown): Promise<never> {
    if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_STOCK') throw error;
    const stockLocationId = String(error.params.location_id);
    const units = unitsPerVariant(input.data);
    const available = await this.deps.inventory.availableAt(input.organizationId, stockLocationId, [
      ...units.keys(),
    ]);
    const short = [...units].filter(([id, wanted]) => wanted > (available.get(id) ?? 0));
    // Taken meanwhile and back again: the variant the ledger named is the short one.
    const shortIds = new Set(
      short.length ? short.map(([id]) => id) : [String(error.params.variant_id)],
    );
    const fields: Record<string, string> = {};
    input.data.packages.forEach((pkg, packageIndex) =>
      pkg.products.forEach((product, index) => {
        if (product.variant_id && shortIds.has(product.variant_id)) {
          fields[`packages.${packageIndex}.products.${index}.quantity`] = errorMessage(
            'INSUFFICIENT_STOCK',
            input.language,
          );
        }
      }),
    );
    throw new AppError(
      'INSUFFICIENT_STOCK',
      {
        location_id: stockLocationId,
        products: [...shortIds].map((id) => ({
          variant_id: id,
          requested: units.get(id) ?? 0,
          available: available.get(id) ?? 0,
        })),
      },
      fields,
    );
  }

  /**
   * The automatic pickup, after the guide is committed. A carrier without a slot leaves the
   * guide in "pickup pending"; any other failure is logged, since the guide is already bought.
   */
  private async schedulePickup(
    row: ShipmentRow,
    userId: string,
    preferred: PickupTimeRange | null,
  ) {
    try {
      // The guide as this purchase just committed it: not read again.
      return await this.deps.pickups.scheduleForShipment(
        row.organizationId,
        userId,
        row.id,
        preferred,
        {
          id: row.id,
          carrierKey: row.carrierKey,
          locationId: row.locationId,
          origin: row.origin,
          trackingNumber: row.trackingNumber,
          purchaseState: row.purchaseState,
          status: row.status,
          pickupId: row.pickupId,
          cancellationRequestedAt: row.cancellationRequestedAt,
        },
      );
    } catch (error) {
      this.deps.log?.error({ err: error, shipmentId: row.id }, 'automatic pickup failed');
      return null;
    }
  }
}

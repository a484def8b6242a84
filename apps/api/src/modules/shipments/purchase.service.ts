import {
  errorMessage,
  parcelInCmKg,
  trackingPagePath,
  type Language,
  type PickupTimeRange,
  type ShipmentDetail,
  type ShipmentParty,
  type TransactionDescription,
} from '@despacho/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { orphansAmong, type ProcessInstance } from '../../platform/instance';
import type { JobHandler, Jobs } from '../../platform/jobs';
import { hashRequest as requestHashOf } from '../../platform/request-hash';
import {
  CarrierError,
  type CarrierAdapters,
  type IssuedLabel,
  type LabelParty,
  type LabelRequest,
} from '../carriers';
import { movementRequestHash, type LedgerService, type Line } from '../wallet';
import type { InventoryService, StockLedger } from '../inventory';
import type { PickupsService } from './pickups.service';
import type { PurchaseChecksService, PurchaseData, PurchasePlan } from './purchase-checks.service';
import type { QuotesService } from './quotes.service';
import { labelStock } from './shipment-stock';
import * as repository from './shipments.repository';
import type {
  SettleRefusal,
  ShipmentPackageRow,
  ShipmentProductRow,
  ShipmentRow,
  TrackingEventRow,
} from './shipments.repository';
import type { ShipmentsService } from './shipments.service';
import type { TrackingService } from './tracking.service';

/** Finishes a purchase left `purchasing` (a crash between the hold and the capture). */
export const RECOVER_PURCHASE_JOB = 'shipments.recover_purchase';
/**
 * How long a purchase may stay under way before the recovery job looks at it, unless the
 * process that started it is known to be gone (`recoverOrphanedPurchases`).
 */
export const RECOVER_PURCHASE_AFTER_MS = 5 * 60_000;

export interface PurchaseDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_URL'>;
  jobs: Pick<Jobs, 'expedite'>;
  /** The API process: purchases are stamped with its id. Absent outside one (the demo seed). */
  instance?: Pick<ProcessInstance, 'id'> | undefined;
  ledger: Pick<LedgerService, 'prepareAccounts' | 'release'>;
  carriers: CarrierAdapters;
  checks: Pick<PurchaseChecksService, 'plan'>;
  quotes: Pick<QuotesService, 'setStatus'>;
  tracking: Pick<TrackingService, 'purchasedJobs'>;
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
}

/** How a label prints a party: the contact, the company, the phone and the address. */
function labelParty(party: ShipmentParty): LabelParty {
  return {
    name: party.contact_name,
    company: party.company,
    phone: party.phone,
    street: party.street,
    exteriorNumber: party.external_number,
    interiorNumber: party.internal_number,
    neighborhood: party.neighborhood,
    city: party.city,
    state: party.state,
    zip: party.zip,
    reference: party.reference,
  };
}

/** The list's "customer" column: the contact, and the company when there is one. */
const destinationNameOf = (party: ShipmentParty) =>
  party.company ? `${party.contact_name} · ${party.company}` : party.contact_name;

/** The errors `shipment_start_purchase` stops on, as the steps it replaces raise them. */
const START_ERRORS = {
  quote_taken: 'QUOTE_ALREADY_USED',
  insufficient: 'INSUFFICIENT_BALANCE',
  key_reused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

/**
 * The errors of `shipment_settle_purchase`'s refusals (decision 022; the capture's own are
 * `ledger_capture_hold`'s); the guide stays `purchasing` with its hold, for the recovery job.
 */
const SETTLE_ERRORS = {
  not_found: 'NOT_FOUND',
  hold_missing: 'NOT_FOUND',
  hold_settled: 'CHARGE_ALREADY_SETTLED',
  key_used: 'IDEMPOTENCY_KEY_REUSED',
  over_hold: 'INSUFFICIENT_BALANCE',
} as const satisfies Record<Exclude<SettleRefusal, 'not_purchasing'>, string>;

/** What a guide's capture pays: the carrier, the insurer (if insured) and the VAT. */
function captureLines(row: ShipmentRow): Line[] {
  const lines: Line[] = [{ account: 'carrier_payable', amount: row.carrierCost }];
  if (row.insurancePremium > 0) {
    lines.push({ account: 'insurance_payable', amount: row.insurancePremium });
  }
  lines.push({ account: 'vat_payable', amount: row.vat });
  return lines;
}

/** The units each catalogue variant of the guide takes, summed over its product lines. */
function unitsPerVariant(data: PurchaseData): Map<string, number> {
  const units = new Map<string, number>();
  for (const product of data.packages.flatMap((pkg) => pkg.products)) {
    if (product.variant_id && product.quantity > 0) {
      units.set(product.variant_id, (units.get(product.variant_id) ?? 0) + product.quantity);
    }
  }
  return units;
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
 * A purchase is two short transactions around the carrier's call, so no connection waits on the
 * carrier: the first writes the shipment (`purchasing`, unique per organization and
 * Idempotency-Key) with the hold of its total (`shipment_start_purchase`); the second captures
 * the hold and keeps the label (`shipment_settle_purchase`, the only settle of an issued guide),
 * or releases it (`failed`) when the carrier refuses. The same key again answers the first
 * purchase's result; a purchase interrupted between the two is finished by the
 * `shipments.recover_purchase` job, which asks the carrier again with the same shipment id (the
 * carrier's idempotency key).
 */
export class PurchaseService {
  constructor(private readonly deps: PurchaseDeps) {}

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
    const started = await this.start(input, plan, requestHash, now).catch((error: unknown) =>
      this.shortStock(input, error),
    );
    if ('earlier' in started) return this.answerEarlier(started.earlier, requestHash, language);

    const { shipment, packages, products } = started;
    const outcome = await this.askCarrier(shipment, packages, products);
    const { row: settled, events } =
      outcome instanceof CarrierError
        ? {
            row: await this.deps.db.transaction((tx) =>
              this.release(tx, organizationId, shipment.id, outcome),
            ),
            events: undefined,
          }
        : await this.settleIssued(this.deps.db, shipment, outcome);
    if (settled.purchaseState === 'failed') throw failed(settled);
    if (settled.purchaseState !== 'purchased') throw new AppError('PURCHASE_IN_PROGRESS');
    const pickup = await this.schedulePickup(
      settled,
      input.userId,
      input.data.pickup_time_range ?? null,
    );
    // The answer from what this purchase wrote, its timeline included (the label's event).
    const detail = await this.deps.shipments.detailOf(
      pickup ? { ...settled, pickupId: pickup.id } : settled,
      language,
      {
        quoteStatus: 'completed',
        packages,
        products,
        ...(events?.length ? { events } : {}),
        pickup: pickup && {
          confirmationNumber: pickup.confirmationNumber,
          date: pickup.date,
          startTime: pickup.start,
          endTime: pickup.end,
        },
      },
    );
    return { shipment: detail, replayed: false };
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
   * Step 2: in one transaction, the shipment (`purchasing`) with its packages and products, the
   * quote taken (`in_process`), the hold of the total and the recovery job. An earlier request
   * with the same key wins: its row comes back instead and nothing is written.
   */
  private start(
    input: PurchaseInput,
    plan: PurchasePlan,
    requestHash: string,
    now: Date,
  ): Promise<
    | { shipment: ShipmentRow; packages: ShipmentPackageRow[]; products: ShipmentProductRow[] }
    | { earlier: ShipmentRow }
  > {
    const { organizationId, idempotencyKey, data } = input;
    const { rate, charges } = plan;
    return this.deps.db.transaction(async (tx) => {
      const shipment = await repository.insertShipment(tx, {
        organizationId,
        createdBy: input.userId,
        idempotencyKey,
        requestHash,
        quoteId: plan.quote.id,
        locationId: input.origin ? null : (data.location_id ?? null),
        customerId: plan.customerId,
        carrierKey: rate.carrier_key,
        serviceKey: rate.service_key,
        sandbox: this.deps.carriers[rate.carrier_key].sandbox,
        zone: rate.zone,
        billableWeightKg: rate.billable_weight_kg,
        transitDaysMin: rate.transit_days.min,
        transitDaysMax: rate.transit_days.max,
        estimatedDelivery: rate.estimated_delivery,
        extendedZone: rate.extended_zone,
        origin: plan.origin,
        destination: plan.destination,
        reference: data.reference ?? null,
        purchaseState: 'purchasing',
        purchaseInstance: this.deps.instance?.id ?? null,
        carrierCost: charges.carrierCost,
        insurancePremium: charges.insurancePremium,
        vat: charges.vat,
        total: charges.total,
        declaredValue: charges.declaredValue,
        deductible: charges.deductible,
        insuranceInvoiceFileId: data.insurance?.invoice_file_id ?? null,
        insuranceInvoiceUuid: data.insurance?.invoice_uuid ?? null,
        destinationName: destinationNameOf(plan.destination),
        destinationZip: plan.destination.zip,
        createdAt: now,
        updatedAt: now,
      });
      if (!shipment) {
        const earlier = await repository.findByIdempotencyKey(tx, organizationId, idempotencyKey);
        return { earlier: earlier! };
      }
      const reference = { type: 'shipment', id: shipment.id };
      const description: TransactionDescription = {
        code: 'guide_purchase',
        params: { carrier: shipment.carrierKey, service: shipment.serviceKey },
      };
      const started = await repository.startPurchase(tx, {
        organizationId,
        shipmentId: shipment.id,
        quoteId: plan.quote.id,
        packages: data.packages.map((pkg, position) => {
          const parcel = parcelInCmKg(pkg);
          return {
            position,
            packageId: pkg.package_id ?? null,
            name: pkg.name ?? null,
            lengthCm: parcel.length_cm,
            widthCm: parcel.width_cm,
            heightCm: parcel.height_cm,
            weightKg: parcel.weight_kg,
          };
        }),
        products: data.packages.flatMap((pkg, packagePosition) =>
          pkg.products.map((product, position) => ({
            packagePosition,
            position,
            description: product.description,
            quantity: product.quantity,
            satProductCode: product.sat_product_code,
            satUnitCode: product.sat_unit_code,
            unitValue: product.unit_value,
            variantId: product.variant_id ?? null,
          })),
        ),
        // As `LedgerService.hold` would post it: same key, request hash and postings.
        holdRequestHash: movementRequestHash('hold', {
          kind: 'label',
          reference,
          description,
          amount: charges.total,
        }),
        holdDescription: description,
        amount: charges.total,
        now: this.deps.clock.now(),
        job: {
          kind: RECOVER_PURCHASE_JOB,
          payload: { organization_id: organizationId, shipment_id: shipment.id },
          runAt: new Date(now.getTime() + RECOVER_PURCHASE_AFTER_MS),
        },
      });
      if (started.outcome !== 'started') throw new AppError(START_ERRORS[started.outcome]);
      await this.reserveStock(tx, input, shipment.id);
      const { holdId, packages, products } = started;
      return { shipment: { ...shipment, holdId }, packages, products };
    });
  }

  /**
   * Step 2 too, for a guide from one of the organization's stock-keeping locations with catalogue
   * products: their units are reserved there with the hold (spec §5: out-of-stock products
   * cannot be shipped), or INSUFFICIENT_STOCK rolls the whole start back.
   */
  private async reserveStock(tx: DbOrTx, input: PurchaseInput, shipmentId: string) {
    const units = unitsPerVariant(input.data);
    // A server-given origin (a warehouse's exit) is not the merchant's: its exit holds the stock.
    const locationId = input.origin ? null : input.data.location_id;
    if (units.size === 0 || !locationId) return;
    const stockLocationId = await this.deps.inventory.stockLocationOf(
      input.organizationId,
      locationId,
      tx,
    );
    if (!stockLocationId) return;
    await this.deps.stock.reserve(
      input.organizationId,
      {
        cause: { type: 'shipment', id: shipmentId },
        location: stockLocationId,
        actorId: input.userId,
        lines: [...units].map(([variantId, quantity]) => ({ variant_id: variantId, quantity })),
      },
      tx,
    );
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

  /** Step 3, outside any transaction: the carrier's guide, or its refusal. */
  private async askCarrier(
    shipment: ShipmentRow,
    packages: ShipmentPackageRow[],
    products: ShipmentProductRow[],
  ): Promise<IssuedLabel | CarrierError> {
    const request: LabelRequest = {
      serviceKey: shipment.serviceKey,
      shipmentId: shipment.id,
      origin: labelParty(shipment.origin),
      destination: labelParty(shipment.destination),
      parcels: packages.map((pkg) => ({
        length_cm: pkg.lengthCm,
        width_cm: pkg.widthCm,
        height_cm: pkg.heightCm,
        weight_kg: pkg.weightKg,
      })),
      reference: shipment.reference,
      goods: products.map((product) => ({
        description: product.description,
        quantity: product.quantity,
        satProductCode: product.satProductCode,
        satUnitCode: product.satUnitCode,
        unitValue: product.unitValue,
      })),
      trackingUrl: (trackingNumber) => this.trackingUrl(trackingNumber),
      createdAt: shipment.createdAt,
    };
    try {
      return await this.deps.carriers[shipment.carrierKey].createLabel(request);
    } catch (error) {
      if (error instanceof CarrierError) return error;
      throw error;
    }
  }

  /**
   * Step 5, in the caller's transaction under the shipment's row lock: the carrier refused, so
   * the hold is released, the guide `failed` with the carrier's reason and the quote free again.
   * A purchase already settled is answered as it is.
   */
  private async release(
    tx: DbOrTx,
    organizationId: string,
    shipmentId: string,
    refusal: CarrierError,
  ): Promise<ShipmentRow> {
    const row = await repository.lockShipment(tx, organizationId, shipmentId);
    if (!row) throw notFound();
    if (row.purchaseState !== 'purchasing') return row;
    await this.deps.ledger.release(
      {
        organizationId,
        idempotencyKey: `shipment:${row.id}:release`,
        kind: 'label',
        reference: { type: 'shipment', id: row.id },
        holdId: row.holdId!,
      },
      tx,
    );
    await this.deps.stock.followReservation(organizationId, 'release', labelStock(row.id), tx);
    await this.deps.quotes.setStatus(organizationId, row.quoteId, 'quote', {
      from: ['in_process'],
      db: tx,
    });
    return repository.updateShipment(tx, organizationId, row.id, {
      purchaseState: 'failed',
      failureReason: refusal.message.slice(0, 500),
      updatedAt: this.deps.clock.now(),
    });
  }

  /**
   * Step 4, the carrier issued the guide: `shipment_settle_purchase` in one statement captures
   * the hold through the wallet's `ledger_capture_hold` (key `shipment:<id>:capture`, the
   * movement's request hash) and writes the label, statuses, label event and sandbox timeline
   * under the guide's row lock. `row` is the guide as the purchase
   * wrote it (`purchasing`, with its hold). Answers it and its timeline as written; a guide
   * settled meanwhile as it now stands; any other refusal is its error (SETTLE_ERRORS).
   */
  private async settleIssued(
    db: DbOrTx,
    row: ShipmentRow,
    label: IssuedLabel,
  ): Promise<{ row: ShipmentRow; events?: TrackingEventRow[] }> {
    const now = this.deps.clock.now();
    const captureRequestHash = movementRequestHash('capture', {
      kind: 'label',
      reference: { type: 'shipment', id: row.id },
      holdId: row.holdId,
      lines: captureLines(row),
    });
    const settled = await repository.settlePurchase(db, {
      organizationId: row.organizationId,
      shipmentId: row.id,
      now,
      trackingNumber: label.trackingNumber,
      carrierReference: label.carrierReference,
      pdf: label.pdf,
      zpl: label.zpl,
      captureRequestHash,
      jobs: this.deps.tracking.purchasedJobs({ ...row, trackingNumber: label.trackingNumber }, now),
    });
    if (settled.outcome === 'not_purchasing') {
      return { row: (await repository.findShipment(db, row.organizationId, row.id))! };
    }
    if (settled.outcome !== 'settled') throw new AppError(SETTLE_ERRORS[settled.outcome]);
    const purchased: ShipmentRow = {
      ...row,
      purchaseState: 'purchased',
      trackingNumber: label.trackingNumber,
      carrierReference: label.carrierReference,
      chargeTransactionId: settled.chargeTransactionId,
      updatedAt: now,
    };
    const events: TrackingEventRow[] = settled.eventId
      ? [
          {
            id: settled.eventId,
            shipmentId: row.id,
            externalId: 'label_created',
            status: 'CREATED',
            code: 'label_created',
            location: row.origin.city,
            occurredAt: now,
            source: 'system',
            receivedAt: now,
          },
        ]
      : [];
    return { row: purchased, events };
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

  /**
   * `shipments.recover_purchase`, registered to run with no transaction open (decision 028): a
   * purchase still `purchasing` (its request crashed or lost its connection after the hold) is
   * read, the carrier is asked again with the same shipment id (which issues the same guide or
   * refuses again) while no connection or lock waits on it, and the answer is settled in one
   * statement or released in a short transaction; both re-check `purchasing` under the guide's
   * row lock, so a purchase finished meanwhile is left alone. Its pickup is then requested from
   * the pickup screen.
   */
  readonly recoverPurchaseJob: JobHandler = async (_db, payload) => {
    const organizationId = String(payload.organization_id);
    const shipmentId = String(payload.shipment_id);
    const { db } = this.deps;
    const row = await repository.findShipment(db, organizationId, shipmentId);
    if (!row || row.purchaseState !== 'purchasing') return;
    const [packages, products] = await Promise.all([
      repository.packagesOf(db, [row.id]),
      repository.productsOf(db, row.id),
    ]);
    const outcome = await this.askCarrier(row, packages, products);
    if (outcome instanceof CarrierError) {
      await db.transaction((tx) => this.release(tx, organizationId, row.id, outcome));
    } else {
      await this.settleIssued(db, row, outcome);
    }
  };

  /**
   * The sweep of purchases whose process is gone (killed, crashed, its database restarted):
   * nobody can still be finishing them, so their recovery jobs run now instead of after
   * RECOVER_PURCHASE_AFTER_MS, with the money on hold meanwhile. Purchases of live processes,
   * and those not stamped, keep the usual delay. Answers how many were brought forward.
   */
  readonly recoverOrphanedPurchases = (now: Date): Promise<number> =>
    this.deps.db.transaction(async (tx) => {
      const underWay = await repository.purchasingElsewhere(tx, this.deps.instance?.id ?? null);
      const orphans = await orphansAmong(tx, underWay);
      return this.deps.jobs.expedite(tx, RECOVER_PURCHASE_JOB, 'shipment_id', orphans, now);
    });

  private trackingUrl(trackingNumber: string) {
    return `${this.deps.config.APP_URL}${trackingPagePath(trackingNumber)}`;
  }
}

import {
  parcelInCmKg,
  trackingPagePath,
  type ShipmentParty,
  type TransactionDescription,
} from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import {
  FlowRunMoved,
  type FlowData,
  type FlowDefinition,
  type FlowRun,
} from '../../platform/flows';
import {
  CarrierError,
  type CarrierAdapters,
  type IssuedLabel,
  type LabelRequest,
} from '../carriers';
import type { InventoryService, StockLedger } from '../inventory';
import { movementRequestHash, type LedgerService, type Line } from '../wallet';
import type { PurchaseData, PurchasePlan } from './purchase-checks.service';
import type { QuotesService } from './quotes.service';
import { labelStock } from './shipment-stock';
import { labelParty } from './label-party';
import * as repository from './shipments.repository';
import type { StoredCustoms } from './shipments.tables';
import type {
  SettleRefusal,
  ShipmentPackageRow,
  ShipmentProductRow,
  ShipmentRow,
  TrackingEventRow,
} from './shipments.repository';
import type { TrackingService } from './tracking.service';

/** The flow kind of a guide's purchase; its subject is the guide (the shipment). */
export const PURCHASE_FLOW = 'shipment.purchase';

/**
 * What a purchase run carries: only the carrier's label between `carrier` and `settle` (the PDF
 * in base64), dropped once the settle keeps it. The guide is the run's subject.
 */
export interface PurchaseFlowData extends FlowData {
  label?: { tracking_number: string; carrier_reference: string | null; pdf: string; zpl: string };
}

/** The request as the service checked it: what the first step writes. */
export interface PurchaseRequest {
  organizationId: string;
  userId: string;
  idempotencyKey: string;
  data: PurchaseData;
  /** A server-given origin (an exit's warehouse): no address-book location, no stock of ours. */
  origin: ShipmentParty | undefined;
  /** A guide abroad: what customs needs, kept with the guide for the label (and a resume). */
  customs?: StoredCustoms | undefined;
  plan: PurchasePlan;
  requestHash: string;
  now: Date;
}

export interface StartedGuide {
  shipment: ShipmentRow;
  packages: ShipmentPackageRow[];
  products: ShipmentProductRow[];
}

/**
 * What the process that starts a purchase keeps of it while its request drives it, by guide:
 * the request for the first step (which only ever runs there), then the rows the steps wrote,
 * so the carrier call and the answer read nothing again. Never needed: a resumed run (a crash,
 * another process) reads the guide instead.
 */
export interface InFlightPurchase {
  request: PurchaseRequest;
  started?: StartedGuide;
  settled?: { row: ShipmentRow; events?: TrackingEventRow[] };
}

/** An earlier request with the same Idempotency-Key won: the start writes nothing. */
export class EarlierPurchase extends Error {
  constructor(readonly row: ShipmentRow) {
    super('purchase already started with this key');
  }
}

export interface PurchaseFlowDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_URL'>;
  carriers: CarrierAdapters;
  ledger: Pick<LedgerService, 'release'>;
  quotes: Pick<QuotesService, 'setStatus'>;
  tracking: Pick<TrackingService, 'purchasedJobs'>;
  events: Pick<DomainEvents, 'jobIfWanted'>;
  stock: Pick<StockLedger, 'reserve' | 'followReservation'>;
  inventory: Pick<InventoryService, 'stockLocationOf'>;
  inFlight: Map<string, InFlightPurchase>;
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
 * `ledger_capture_hold`'s); the guide stays `purchasing` with its hold, and the run at `settle`
 * for its resume job.
 */
const SETTLE_ERRORS = {
  not_found: 'NOT_FOUND',
  hold_missing: 'NOT_FOUND',
  hold_settled: 'CHARGE_ALREADY_SETTLED',
  key_used: 'IDEMPOTENCY_KEY_REUSED',
  over_hold: 'INSUFFICIENT_BALANCE',
} as const satisfies Record<SettleRefusal, string>;

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
export function unitsPerVariant(data: PurchaseData): Map<string, number> {
  const units = new Map<string, number>();
  for (const product of data.packages.flatMap((pkg) => pkg.products)) {
    if (product.variant_id && product.quantity > 0) {
      units.set(product.variant_id, (units.get(product.variant_id) ?? 0) + product.quantity);
    }
  }
  return units;
}

/**
 * A guide's purchase as a flow (decisions 022 and 028), its checkpoint also the guide's own
 * `purchase_state`, written in the same transactions:
 *
 * 1. `start` — in the transaction creating the run: the guide `purchasing` (unique per
 *    organization and Idempotency-Key: an earlier request's guide wins, EarlierPurchase), its
 *    packages and products, the quote taken, the hold of its total, and for catalogue products
 *    from a stock-keeping location their units reserved (INSUFFICIENT_STOCK rolls it all back).
 *    Compensated when the carrier refuses: the hold and the stock released, the quote free
 *    again, the guide `failed` with the carrier's reason.
 * 2. `carrier` — the carrier's label, with no transaction open, idempotent by the guide's id (a
 *    second call issues the same guide or refuses again). A CarrierError refuses the flow; any
 *    other error (a lost connection) leaves the run for its resume job to ask again.
 * 3. `settle` — `shipment_settle_purchase` in the checkpoint's transaction: the capture, the
 *    label, statuses and timeline, the reserved stock shipped. Its refusals leave the guide
 *    `purchasing` with its hold, retried by the resume job.
 */
export function purchaseFlow(deps: PurchaseFlowDeps): FlowDefinition<PurchaseFlowData> {
  const memo = (run: FlowRun<PurchaseFlowData>) => deps.inFlight.get(run.subjectId);
  return {
    kind: PURCHASE_FLOW,
    subjectType: 'shipment',
    // The request drives its run to the end: a job only for a run nobody drives (decision 028).
    resumeJob: 'when-stopped',
    steps: [
      {
        name: 'start',
        kind: 'db',
        // The run's insert rides in `shipment_start_purchase`, in the start's transaction.
        checkpoint: 'in-statement',
        run: async (_db, run, checkpoint) => {
          const inFlight = memo(run);
          if (!inFlight) throw new Error(`no request for purchase ${run.subjectId}`);
          inFlight.started = await deps.db.transaction((tx) =>
            start(deps, tx, run.subjectId, inFlight.request, checkpoint),
          );
        },
        compensate: async (tx, run) => {
          await release(deps, tx, run.organizationId!, run.subjectId, run.error ?? '');
        },
      },
      {
        name: 'carrier',
        kind: 'call',
        run: async (run) => {
          const started = memo(run)?.started ?? (await readStarted(deps.db, run));
          const label = await askCarrier(deps, started);
          return {
            label: {
              tracking_number: label.trackingNumber,
              carrier_reference: label.carrierReference,
              pdf: Buffer.from(label.pdf).toString('base64'),
              zpl: label.zpl,
            },
          };
        },
        refusal: (error) => error instanceof CarrierError,
        // The label rides into the settle's transaction, which keeps it on the guide: it never
        // reaches the run's row. A crash before that commit asks the carrier again with the
        // same shipment id, which answers the same guide.
        answerWithNext: true,
      },
      {
        name: 'settle',
        kind: 'db',
        // One statement, `shipment_settle_purchase`, moves the run and settles: no transaction
        // around it, and the label it keeps on the guide never reaches the run's row.
        checkpoint: 'in-statement',
        run: async (db, run, checkpoint) => {
          const inFlight = memo(run);
          const row =
            inFlight?.started?.shipment ??
            (await repository.findShipment(db, run.organizationId!, run.subjectId));
          if (!row) throw notFound();
          const settled = await settleIssued(deps, db, row, run.data.label!, checkpoint);
          if (inFlight) inFlight.settled = settled;
        },
      },
    ],
  };
}

/** The guide as its start wrote it, read again (a resumed run). */
async function readStarted(db: Db, run: FlowRun<PurchaseFlowData>): Promise<StartedGuide> {
  const shipment = await repository.findShipment(db, run.organizationId!, run.subjectId);
  if (!shipment) throw notFound();
  const [packages, products] = await Promise.all([
    repository.packagesOf(db, [shipment.id]),
    repository.productsOf(db, shipment.id),
  ]);
  return { shipment, packages, products };
}

/**
 * Step 1: the shipment (`purchasing`) with its packages and products, the quote taken
 * (`in_process`), the hold of the total and the stock reserve, in the run's transaction.
 */
async function start(
  deps: PurchaseFlowDeps,
  tx: DbOrTx,
  shipmentId: string,
  request: PurchaseRequest,
  checkpoint: string,
): Promise<StartedGuide> {
  const { organizationId, idempotencyKey, data, plan, now } = request;
  const { rate, charges } = plan;
  const shipment = await repository.insertShipment(tx, {
    id: shipmentId,
    organizationId,
    createdBy: request.userId,
    idempotencyKey,
    requestHash: request.requestHash,
    quoteId: plan.quote.id,
    locationId: request.origin ? null : (data.location_id ?? null),
    customerId: plan.customerId,
    carrierKey: rate.carrier_key,
    serviceKey: rate.service_key,
    sandbox: deps.carriers[rate.carrier_key].sandbox,
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
    carrierCost: charges.carrierCost,
    insurancePremium: charges.insurancePremium,
    vat: charges.vat,
    total: charges.total,
    declaredValue: charges.declaredValue,
    deductible: charges.deductible,
    insuranceInvoiceFileId: data.insurance?.invoice_file_id ?? null,
    insuranceInvoiceUuid: data.insurance?.invoice_uuid ?? null,
    customs: request.customs ?? null,
    destinationName: destinationNameOf(plan.destination),
    destinationZip: plan.destination.zip,
    createdAt: now,
    updatedAt: now,
  });
  if (!shipment) {
    const earlier = await repository.findByIdempotencyKey(tx, organizationId, idempotencyKey);
    throw new EarlierPurchase(earlier!);
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
    now: deps.clock.now(),
    checkpoint,
  });
  if (started.outcome !== 'started') throw new AppError(START_ERRORS[started.outcome]);
  await reserveStock(deps, tx, request, shipment.id);
  const { holdId, packages, products } = started;
  return { shipment: { ...shipment, holdId }, packages, products };
}

/**
 * Step 1 too, for a guide from one of the organization's stock-keeping locations with catalogue
 * products: their units are reserved there with the hold (spec §5: out-of-stock products
 * cannot be shipped), or INSUFFICIENT_STOCK rolls the whole start back.
 */
async function reserveStock(
  deps: PurchaseFlowDeps,
  tx: DbOrTx,
  request: PurchaseRequest,
  shipmentId: string,
) {
  const units = unitsPerVariant(request.data);
  // A server-given origin (a warehouse's exit) is not the merchant's: its exit holds the stock.
  const locationId = request.origin ? null : request.data.location_id;
  if (units.size === 0 || !locationId) return;
  const stockLocationId = await deps.inventory.stockLocationOf(
    request.organizationId,
    locationId,
    tx,
  );
  if (!stockLocationId) return;
  await deps.stock.reserve(
    request.organizationId,
    {
      cause: { type: 'shipment', id: shipmentId },
      location: stockLocationId,
      actorId: request.userId,
      lines: [...units].map(([variantId, quantity]) => ({ variant_id: variantId, quantity })),
    },
    tx,
  );
}

/** Step 2, outside any transaction: the carrier's guide, or its refusal (a CarrierError). */
function askCarrier(deps: PurchaseFlowDeps, started: StartedGuide): Promise<IssuedLabel> {
  const { shipment, packages, products } = started;
  const request: LabelRequest = {
    organizationId: shipment.organizationId,
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
    ...(shipment.customs ? { customs: shipment.customs } : {}),
    trackingUrl: (trackingNumber) => `${deps.config.APP_URL}${trackingPagePath(trackingNumber)}`,
    createdAt: shipment.createdAt,
  };
  return deps.carriers[shipment.carrierKey].createLabel(request);
}

/**
 * The compensation of step 1, under the guide's row lock: the carrier refused, so the hold is
 * released, the reserved stock too, the guide `failed` with the carrier's reason and the quote
 * free again.
 */
async function release(
  deps: PurchaseFlowDeps,
  tx: DbOrTx,
  organizationId: string,
  shipmentId: string,
  reason: string,
): Promise<void> {
  const row = await repository.lockShipment(tx, organizationId, shipmentId);
  if (!row) throw notFound();
  if (row.purchaseState !== 'purchasing') return;
  await deps.ledger.release(
    {
      organizationId,
      idempotencyKey: `shipment:${row.id}:release`,
      kind: 'label',
      reference: { type: 'shipment', id: row.id },
      holdId: row.holdId!,
    },
    tx,
  );
  await deps.stock.followReservation(organizationId, 'release', labelStock(row.id), tx);
  await deps.quotes.setStatus(organizationId, row.quoteId, 'quote', {
    from: ['in_process'],
    db: tx,
  });
  await repository.updateShipment(tx, organizationId, row.id, {
    purchaseState: 'failed',
    failureReason: reason.slice(0, 500),
    updatedAt: deps.clock.now(),
  });
}

/**
 * Step 3: `shipment_settle_purchase` in one statement (its own transaction) moves the run past
 * the step (`checkpoint`), captures the hold through the wallet's `ledger_capture_hold` (key
 * `shipment:<id>:capture`, the movement's request hash), writes the label, statuses, label
 * event and sandbox timeline and ships the reserved stock, under the guide's row lock. `row` is
 * the guide as its start wrote it (`purchasing`, with its hold). Answers it and its timeline as
 * written; a guide settled meanwhile as it now stands; FlowRunMoved when another driver moved
 * the run first; any refusal is its error (SETTLE_ERRORS), with nothing written.
 */
async function settleIssued(
  deps: PurchaseFlowDeps,
  db: DbOrTx,
  row: ShipmentRow,
  label: NonNullable<PurchaseFlowData['label']>,
  checkpoint: string,
): Promise<{ row: ShipmentRow; events?: TrackingEventRow[] }> {
  const now = deps.clock.now();
  const captureRequestHash = movementRequestHash('capture', {
    kind: 'label',
    reference: { type: 'shipment', id: row.id },
    holdId: row.holdId,
    lines: captureLines(row),
  });
  const created = await deps.events.jobIfWanted(
    db,
    row.organizationId,
    'shipment.created',
    {
      shipment_id: row.id,
      tracking_number: label.tracking_number,
      carrier: row.carrierKey,
      service: row.serviceKey,
      total: row.total,
      reference: row.reference,
    },
    `shipment:${row.id}`,
  );
  const settled = await repository.settlePurchase(db, {
    organizationId: row.organizationId,
    shipmentId: row.id,
    now,
    trackingNumber: label.tracking_number,
    carrierReference: label.carrier_reference,
    pdf: Buffer.from(label.pdf, 'base64'),
    zpl: label.zpl,
    captureRequestHash,
    jobs: [
      ...deps.tracking.purchasedJobs({ ...row, trackingNumber: label.tracking_number }, now),
      ...(created ? [created] : []),
    ],
    checkpoint,
  });
  if (settled.outcome === 'run_moved') throw new FlowRunMoved();
  if (settled.outcome === 'not_purchasing') {
    return { row: (await repository.findShipment(db, row.organizationId, row.id))! };
  }
  if (settled.outcome !== 'settled') throw new AppError(SETTLE_ERRORS[settled.outcome]);
  const purchased: ShipmentRow = {
    ...row,
    purchaseState: 'purchased',
    trackingNumber: label.tracking_number,
    carrierReference: label.carrier_reference,
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

import {
  insuranceQuote,
  type AddressFields,
  type AddressView,
  localizeIssue,
  parcelInCmKg,
  type Language,
  type PageMeta,
  type PickupTimeRange,
  type RateView,
  type ShipmentCreateData,
  type ShipmentDetail,
  type ShipmentParty,
  type ShipmentsQuery,
  type ShipmentSummary,
} from '@despacho/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import { goneInstances, type ProcessInstance } from '../../platform/instance';
import { hashRequest as requestHashOf } from '../../platform/request-hash';
import type { JobHandler, Jobs } from '../../platform/jobs';
import type { LocationsService } from '../addresses/locations.service';
import type { SatProductsService } from '../catalogs/sat-products.service';
import type { SatUnitsService } from '../catalogs/sat-units.service';
import { CarrierError, type IssuedLabel, type LabelRequest } from '../carriers/carrier-adapter';
import type { CarrierAdapters } from '../carriers/carrier-adapters';
import type { CustomersService } from '../customers/customers.service';
import type { PackagesService } from '../packages/packages.service';
import { movementRequestHash, type LedgerService, type Line } from '../wallet/ledger.service';
import type { LabelParty } from './label-pdf';
import { mergePdfs } from './label-pdf';
import { INSURANCE_INVOICE_PURPOSE } from './insurance-invoice';
import type { PickupsService } from './pickups.service';
import type { QuotesService, StoredQuote } from './quotes.service';
import * as repository from './shipments.repository';
import type {
  ShipmentPackageRow,
  ShipmentProductRow,
  ShipmentRow,
  TrackingEventRow,
} from './shipments.repository';
import { carrierNames, shipmentDetail, shipmentSummary, type DetailParts } from './shipments.view';
import type { TrackingService } from './tracking.service';

/** Finishes a purchase left `purchasing` (a crash between the hold and the capture). */
export const RECOVER_PURCHASE_JOB = 'shipments.recover_purchase';
/**
 * How long a purchase may stay under way before the recovery job looks at it, unless the
 * process that started it is known to be gone (`recoverOrphanedPurchases`).
 */
export const RECOVER_PURCHASE_AFTER_MS = 5 * 60_000;

export interface ShipmentsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_URL'>;
  files: FileStore;
  jobs: Pick<Jobs, 'enqueue' | 'expedite'>;
  /** The API process: purchases are stamped with its id. Absent outside one (the demo seed). */
  instance?: Pick<ProcessInstance, 'id'> | undefined;
  ledger: LedgerService;
  carriers: CarrierAdapters;
  quotes: QuotesService;
  tracking: Pick<TrackingService, 'onPurchased' | 'purchasedJobs'>;
  pickups: Pick<PickupsService, 'scheduleForShipment'>;
  locations: LocationsService;
  customers: CustomersService;
  packages: PackagesService;
  satProducts: SatProductsService;
  satUnits: SatUnitsService;
  log?: FastifyBaseLogger | undefined;
}

export interface PurchaseInput {
  organizationId: string;
  userId: string;
  idempotencyKey: string;
  language: Language;
  data: ShipmentCreateData;
}

/** Everything a purchase needs once the request is checked, before anything is written. */
interface Plan {
  quote: StoredQuote;
  rate: RateView;
  origin: ShipmentParty;
  destination: ShipmentParty;
  customerId: string | null;
  charges: {
    carrierCost: number;
    insurancePremium: number;
    vat: number;
    total: number;
    declaredValue: number | null;
    deductible: number | null;
  };
}

/** The value of each promise, or the first error in the order given (not the order settled). */
async function inOrder<T extends readonly unknown[]>(promises: {
  [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The address fields of an input or a view, as a shipment keeps them. */
function addressFields(address: AddressFields | AddressView): AddressView {
  return {
    street: address.street,
    external_number: address.external_number,
    internal_number: address.internal_number ?? null,
    reference: address.reference ?? null,
    neighborhood: address.neighborhood,
    city: address.city,
    municipality: address.municipality,
    state: address.state,
    zip: address.zip,
    country: address.country,
  };
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

/** What a guide's capture pays: the carrier, the insurer (if insured) and the VAT. */
function captureLines(row: ShipmentRow): Line[] {
  const lines: Line[] = [{ account: 'carrier_payable', amount: row.carrierCost }];
  if (row.insurancePremium > 0) {
    lines.push({ account: 'insurance_payable', amount: row.insurancePremium });
  }
  lines.push({ account: 'vat_payable', amount: row.vat });
  return lines;
}

const failed = (row: ShipmentRow) =>
  new AppError('GUIDE_PAYMENT_FAILED', {
    reason: row.failureReason ?? '',
    shipment_id: row.id,
  });

/**
 * Guides (decision 017, "Purchase"): bought from a stored quote's rate and paid from the prepaid
 * balance, always scoped by the caller's organization (another organization's id is NOT_FOUND).
 *
 * A purchase is two short transactions around the carrier's call, so no connection waits on the
 * carrier: the first writes the shipment (`purchasing`, unique per organization and
 * Idempotency-Key) with the hold of its total; the second captures the hold and keeps the label
 * (`purchased`), or releases it (`failed`) when the carrier refuses. The same key again answers
 * the first purchase's result; a purchase interrupted between the two is finished by the
 * `shipments.recover_purchase` job, which asks the carrier again with the same shipment id (the
 * carrier's idempotency key).
 */
export class ShipmentsService {
  constructor(private readonly deps: ShipmentsDeps) {}

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
      this.prepare(organizationId, input.data, language, now),
      // Before the transactions that move money: they then need no second connection.
      this.deps.ledger.prepareAccounts(organizationId),
    ]);
    const started = await this.start(input, plan, requestHash, now);
    if ('earlier' in started) return this.answerEarlier(started.earlier, requestHash, language);

    const { shipment, packages, products } = started;
    const outcome = await this.askCarrier(shipment, packages, products);
    // The usual case in one statement; anything else in the transaction of `settle`.
    const issued =
      outcome instanceof CarrierError
        ? undefined
        : await this.settleIssued(this.deps.db, shipment, outcome);
    const { row: settled, events } =
      issued ??
      (await this.deps.db.transaction((tx) =>
        this.settle(tx, organizationId, shipment.id, outcome),
      ));
    if (settled.purchaseState === 'failed') throw failed(settled);
    if (settled.purchaseState !== 'purchased') throw new AppError('PURCHASE_IN_PROGRESS');
    const pickup = await this.schedulePickup(
      settled,
      input.userId,
      input.data.pickup_time_range ?? null,
    );
    // The answer from what this purchase wrote, its timeline included (the label's event).
    const detail = await this.detailOf(
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
    return { shipment: await this.detailOf(row, language), replayed: true };
  }

  /**
   * Step 1 of the purchase: the origin, destination, quote and rate, and every check, before
   * anything is written. The price is the stored rate's, never the browser's.
   */
  private async prepare(
    organizationId: string,
    data: ShipmentCreateData,
    language: Language,
    now: Date,
  ): Promise<Plan> {
    const [location, destination, { quote, rate }] = await inOrder<
      [
        Awaited<ReturnType<LocationsService['get']>>,
        { party: ShipmentParty; customerId: string | null },
        { quote: StoredQuote; rate: RateView },
      ]
    >([
      this.deps.locations.get(organizationId, data.location_id),
      this.destinationOf(organizationId, data.destination),
      this.deps.quotes.loadForPurchase(organizationId, data.quote_id, data.rate_id, now),
    ]);
    this.deps.quotes.assertMatches(quote, {
      originZip: location.zip,
      destinationZip: destination.party.zip,
      parcels: data.packages.map((pkg) => parcelInCmKg(pkg)),
    });
    await inOrder([
      this.checkSavedPackages(organizationId, data),
      this.checkCatalogues(data, language),
      this.checkInvoice(organizationId, data.insurance?.invoice_file_id ?? null),
    ]);

    const insurance = data.insurance ? insuranceQuote(data.insurance.declared_value) : null;
    const origin: ShipmentParty = {
      ...addressFields(location),
      contact_name: location.contact_name,
      company: location.company,
      email: location.contact_email,
      phone: location.contact_phone,
    };
    return {
      quote,
      rate,
      origin,
      destination: destination.party,
      customerId: destination.customerId,
      charges: {
        carrierCost: rate.subtotal,
        insurancePremium: insurance?.premium ?? 0,
        vat: rate.vat + (insurance?.vat ?? 0),
        total: rate.total + (insurance?.total ?? 0),
        declaredValue: insurance?.declared_value ?? null,
        deductible: insurance?.deductible ?? null,
      },
    };
  }

  /** A saved customer's address (NOT_FOUND unless both are the organization's) or a new one. */
  private async destinationOf(
    organizationId: string,
    destination: ShipmentCreateData['destination'],
  ): Promise<{ party: ShipmentParty; customerId: string | null }> {
    if (destination.kind === 'new') {
      return {
        party: {
          ...addressFields(destination),
          contact_name: destination.contact_name,
          company: destination.company ?? null,
          email: destination.email,
          phone: destination.phone,
        },
        customerId: null,
      };
    }
    const customer = await this.deps.customers.get(organizationId, destination.customer_id);
    const address = customer.addresses.find((known) => known.id === destination.address_id);
    if (!address) throw notFound();
    return {
      party: {
        ...addressFields(address),
        contact_name: address.contact_name,
        company: address.company ?? customer.company,
        email: address.contact_email ?? customer.email,
        phone: address.contact_phone,
      },
      customerId: customer.id,
    };
  }

  /** Saved packages the parcels came from must be the organization's (NOT_FOUND otherwise). */
  private async checkSavedPackages(organizationId: string, data: ShipmentCreateData) {
    const ids = new Set(data.packages.flatMap((pkg) => (pkg.package_id ? [pkg.package_id] : [])));
    await Promise.all([...ids].map((id) => this.deps.packages.get(organizationId, id)));
  }

  /**
   * The products' SAT keys against the catalogues once they are imported: the product type
   * exactly as packages check theirs (`sat_product_codes`), the unit as the unit catalogue's
   * service does (`sat_unit_codes`). Every refused key is reported under its field.
   */
  private async checkCatalogues(data: ShipmentCreateData, language: Language) {
    const productCodes = new Map<string, string[]>();
    const unitCodes = new Map<string, string[]>();
    const add = (map: Map<string, string[]>, code: string, path: string) =>
      map.set(code, [...(map.get(code) ?? []), path]);
    data.packages.forEach((pkg, i) =>
      pkg.products.forEach((product, j) => {
        const path = `packages.${i}.products.${j}`;
        add(productCodes, product.sat_product_code, `${path}.sat_product_code`);
        add(unitCodes, product.sat_unit_code, `${path}.sat_unit_code`);
      }),
    );
    const fields: Record<string, string> = {};
    const [, unknownUnits] = await Promise.all([
      Promise.all(
        [...productCodes].map(([code, paths]) =>
          this.deps.satProducts
            .assertKnownCode(code, language, paths[0])
            .catch((error: unknown) => {
              if (!(error instanceof AppError) || !error.fields) throw error;
              const message = Object.values(error.fields)[0]!;
              for (const path of paths) fields[path] = message;
            }),
        ),
      ),
      this.deps.satUnits.unknownCodes([...unitCodes.keys()]),
    ]);
    for (const code of unknownUnits) {
      for (const path of unitCodes.get(code)!) {
        fields[path] = localizeIssue({ message: 'sat_unit_code' }, language);
      }
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', {}, fields);
  }

  /** An uploaded insurance invoice must be the organization's (NOT_FOUND otherwise). */
  private async checkInvoice(organizationId: string, fileId: string | null) {
    if (!fileId) return;
    const file = await this.deps.files.find(organizationId, fileId);
    if (file.purpose !== INSURANCE_INVOICE_PURPOSE) throw notFound();
  }

  /**
   * Step 2: in one transaction, the shipment (`purchasing`) with its packages and products, the
   * quote taken (`in_process`), the hold of the total and the recovery job. An earlier request
   * with the same key wins: its row comes back instead and nothing is written.
   */
  private start(
    input: PurchaseInput,
    plan: Plan,
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
        locationId: data.location_id,
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
      const names = carrierNames(shipment, 'es');
      const reference = { type: 'shipment', id: shipment.id };
      const description = `Guía ${names.carrier_name} ${names.service_name}`;
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
      const { holdId, packages, products } = started;
      return { shipment: { ...shipment, holdId }, packages, products };
    });
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
   * Steps 4 and 5, in the caller's transaction under the shipment's row lock: the guide is
   * issued (capture into the carrier, insurance and VAT accounts, the label kept, `purchased`,
   * the quote completed, the first tracking event) or refused (the hold released, `failed` with
   * the carrier's reason, the quote free again). A purchase already settled is left as it is.
   * Answers the row as written and, once issued here, the guide's timeline (its first event).
   */
  private async settle(
    tx: DbOrTx,
    organizationId: string,
    shipmentId: string,
    outcome: IssuedLabel | CarrierError,
  ): Promise<{ row: ShipmentRow; events?: TrackingEventRow[] }> {
    const row = await repository.lockShipment(tx, organizationId, shipmentId);
    if (!row) throw notFound();
    if (row.purchaseState !== 'purchasing') return { row };
    const now = this.deps.clock.now();
    const reference = { type: 'shipment', id: row.id };
    if (outcome instanceof CarrierError) {
      await this.deps.ledger.release(
        {
          organizationId,
          idempotencyKey: `shipment:${row.id}:release`,
          kind: 'label',
          reference,
          holdId: row.holdId!,
        },
        tx,
      );
      await this.deps.quotes.setStatus(organizationId, row.quoteId, 'quote', {
        from: ['in_process'],
        db: tx,
      });
      return {
        row: await repository.updateShipment(tx, organizationId, row.id, {
          purchaseState: 'failed',
          failureReason: outcome.message.slice(0, 500),
          updatedAt: now,
        }),
      };
    }
    const issued = await this.settleIssued(tx, row, outcome);
    if (issued) return issued;
    const lines = captureLines(row);
    const capture = await this.deps.ledger.capture(
      {
        organizationId,
        idempotencyKey: `shipment:${row.id}:capture`,
        kind: 'label',
        reference,
        holdId: row.holdId!,
        lines,
      },
      tx,
    );
    await repository.insertLabel(tx, {
      shipmentId: row.id,
      pdf: Buffer.from(outcome.pdf),
      zpl: outcome.zpl,
      createdAt: now,
    });
    await this.deps.quotes.setStatus(organizationId, row.quoteId, 'completed', {
      from: ['in_process'],
      db: tx,
    });
    const purchased = await repository.updateShipment(tx, organizationId, row.id, {
      purchaseState: 'purchased',
      trackingNumber: outcome.trackingNumber,
      carrierReference: outcome.carrierReference,
      chargeTransactionId: capture.transactionId,
      updatedAt: now,
    });
    const events = await this.deps.tracking.onPurchased(tx, purchased);
    return { row: purchased, events };
  }

  /**
   * Step 4 as one statement, `shipment_settle_purchase` (migration 0020): the same capture (key
   * `shipment:<id>:capture`, same postings and request hash as `LedgerService.capture`), label,
   * statuses, label event and sandbox timeline as the path of `settle`, under the guide's row
   * lock. `row` is the guide as the purchase wrote it (`purchasing`, with its hold); answers it
   * and its timeline as written, or `undefined` when the function wrote nothing and left the
   * guide to `settle` (no longer `purchasing`, the capture key used, the hold settled…).
   */
  private async settleIssued(
    db: DbOrTx,
    row: ShipmentRow,
    label: IssuedLabel,
  ): Promise<{ row: ShipmentRow; events: TrackingEventRow[] } | undefined> {
    if (!row.holdId) return undefined;
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
    if (settled.outcome !== 'settled') return undefined;
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
   * `shipments.recover_purchase`: a purchase still `purchasing` (its request crashed or lost its
   * connection after the hold) asks the carrier again with the same shipment id, which issues
   * the same guide or refuses again, and is settled in the job's transaction. A purchase that
   * finished meanwhile is left alone. Its pickup is then requested from the pickup screen.
   */
  readonly recoverPurchaseJob: JobHandler = async (tx, payload) => {
    const organizationId = String(payload.organization_id);
    const shipmentId = String(payload.shipment_id);
    const row = await repository.lockShipment(tx, organizationId, shipmentId);
    if (!row || row.purchaseState !== 'purchasing') return;
    const [packages, products] = await Promise.all([
      repository.packagesOf(tx, [row.id]),
      repository.productsOf(tx, row.id),
    ]);
    const outcome = await this.askCarrier(row, packages, products);
    await this.settle(tx, organizationId, row.id, outcome);
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
      if (underWay.length === 0) return 0;
      const gone = await goneInstances(
        tx,
        underWay.map((row) => row.instance),
      );
      const orphans = underWay.filter((row) => gone.has(row.instance)).map((row) => row.id);
      return this.deps.jobs.expedite(tx, RECOVER_PURCHASE_JOB, 'shipment_id', orphans, now);
    });

  /** One page of the organization's guides, newest first (see `repository.findPage`). */
  async list(
    organizationId: string,
    query: ShipmentsQuery,
    language: Language,
  ): Promise<{ data: ShipmentSummary[]; meta: PageMeta }> {
    const { rows, total } = await repository.findPage(this.deps.db, organizationId, query);
    const pickupIds = [...new Set(rows.flatMap((row) => (row.pickupId ? [row.pickupId] : [])))];
    const [packages, pickups] = await Promise.all([
      repository.packagesOf(
        this.deps.db,
        rows.map((row) => row.id),
      ),
      repository.pickupsByIds(this.deps.db, organizationId, pickupIds),
    ]);
    return {
      data: rows.map((row) =>
        shipmentSummary(
          row,
          packages.filter((pkg) => pkg.shipmentId === row.id),
          pickups.find((pickup) => pickup.id === row.pickupId),
          language,
        ),
      ),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, id: string, language: Language): Promise<ShipmentDetail> {
    const row = await repository.findShipment(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return this.detailOf(row, language);
  }

  /** The detail of a guide; `known` are parts the caller already holds (not read again). */
  private async detailOf(
    row: ShipmentRow,
    language: Language,
    known: Partial<Omit<DetailParts, 'row'>> = {},
  ): Promise<ShipmentDetail> {
    const { db } = this.deps;
    const [quoteStatus, packages, products, events, pickup] = await Promise.all([
      known.quoteStatus ?? repository.quoteStatusOf(db, row.organizationId, row.quoteId),
      known.packages ?? repository.packagesOf(db, [row.id]),
      known.products ?? repository.productsOf(db, row.id),
      known.events ?? repository.eventsOf(db, row.id),
      known.pickup !== undefined || !row.pickupId
        ? (known.pickup ?? null)
        : repository
            .pickupsByIds(db, row.organizationId, [row.pickupId])
            .then((rows) => rows[0] ?? null),
    ]);
    return shipmentDetail(
      { row, quoteStatus: quoteStatus!, packages, products, events, pickup },
      { language, now: this.deps.clock.now(), appUrl: this.deps.config.APP_URL },
    );
  }

  /** A guide's label as the carrier issued it, and the file name to save it under. */
  async label<F extends 'pdf' | 'zpl'>(organizationId: string, id: string, format: F) {
    const label = await repository.findLabel(this.deps.db, organizationId, id, format);
    if (!label) throw notFound();
    return { fileName: `guia-${label.trackingNumber}.${format}`, content: label.content };
  }

  /** One PDF with the labels of `ids`, in that order: NOT_FOUND if any is foreign or has none. */
  async labels(organizationId: string, ids: string[]): Promise<Uint8Array> {
    const found = await repository.findPdfLabels(this.deps.db, organizationId, [...new Set(ids)]);
    const byId = new Map(found.map((label) => [label.id, label.pdf]));
    const documents = ids.map((id) => {
      const pdf = byId.get(id);
      if (!pdf) throw notFound();
      return new Uint8Array(pdf);
    });
    return mergePdfs(documents);
  }

  private trackingUrl(trackingNumber: string) {
    return `${this.deps.config.APP_URL}/t/${encodeURIComponent(trackingNumber)}`;
  }
}

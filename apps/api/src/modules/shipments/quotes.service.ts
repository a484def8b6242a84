import {
  CARRIERS,
  carrierByKey,
  parcelInCmKg,
  QUOTE_VALIDITY_MINUTES,
  withVat,
  type CarrierDefinition,
  type CarrierKey,
  type Language,
  type QuoteParcel,
  type QuoteRequest,
  type QuoteStatus,
  type QuoteView,
  type RateView,
  type UnavailableCarrier,
  type UnavailableReason,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type {
  CarrierAdapter,
  CarrierAdapters,
  CarrierQuote,
  CarrierRate,
  CarriersService,
} from '../carriers';
import type { PackagesService } from '../packages';
import * as repository from './quotes.repository';

/** How long a carrier may take to quote before it counts as unavailable. */
export const CARRIER_QUOTE_TIMEOUT_MS = 2000;

/** Why a carrier has no rate, as the quote screen says it. */
export const UNAVAILABLE_REASON_TEXTS: Record<UnavailableReason, Record<Language, string>> = {
  weight_limit: {
    es: 'Algún paquete supera el peso máximo que acepta la paquetería.',
    en: 'A package is heavier than the carrier accepts.',
  },
  size_limit: {
    es: 'Algún paquete supera las medidas máximas que acepta la paquetería.',
    en: 'A package is larger than the carrier accepts.',
  },
  no_coverage: {
    es: 'La paquetería no da servicio entre estos códigos postales.',
    en: 'The carrier does not serve these postal codes.',
  },
  carrier_unavailable: {
    es: 'La paquetería no respondió; intenta cotizar de nuevo en unos minutos.',
    en: 'The carrier did not answer; try quoting again in a few minutes.',
  },
};

export type StoredQuote = repository.QuoteRow;

/** What a purchase compares with the quote it buys from (`QUOTE_MISMATCH` when it differs). */
export interface QuotedShipment {
  originZip: string;
  destinationZip: string;
  /** ISO alpha-2, as the parties' addresses hold it. */
  originCountry: string;
  destinationCountry: string;
  /** Centimetres and kilograms, as `parcelInCmKg` gives them. */
  parcels: readonly QuoteParcel[];
}

/** Whether a shipment is what was quoted: the same ends and the same parcels, in order. */
export function quoteMatches(quote: StoredQuote, shipment: QuotedShipment): boolean {
  if (quote.originZip !== shipment.originZip) return false;
  if (quote.destinationZip !== shipment.destinationZip) return false;
  if (quote.originCountry !== shipment.originCountry) return false;
  if (quote.destinationCountry !== shipment.destinationCountry) return false;
  if (quote.parcels.length !== shipment.parcels.length) return false;
  return quote.parcels.every((quoted, index) => {
    const parcel = shipment.parcels[index]!;
    return (
      quoted.length_cm === parcel.length_cm &&
      quoted.width_cm === parcel.width_cm &&
      quoted.height_cm === parcel.height_cm &&
      quoted.weight_kg === parcel.weight_kg
    );
  });
}

const serviceOf = (carrier: CarrierDefinition, key: string) =>
  carrier.services.find((service) => service.key === key);

/** A carrier's rate as the merchant sees it: prices with VAT, names in their language. */
function rateView(
  carrier: CarrierDefinition,
  rate: CarrierRate,
  sandbox: boolean,
  language: Language,
) {
  const service = serviceOf(carrier, rate.serviceKey);
  if (!service) return null;
  const subtotal = rate.base + rate.fuelSurcharge + rate.extendedZoneSurcharge;
  const total = withVat(subtotal);
  const view: RateView = {
    id: `${carrier.key}:${service.key}`,
    carrier_key: carrier.key,
    carrier_name: carrier.name,
    service_key: service.key,
    service_name: service.name[language],
    service_kind: service.kind,
    sandbox,
    zone: rate.zone,
    billable_weight_kg: rate.billableWeightKg,
    base: rate.base,
    fuel_surcharge: rate.fuelSurcharge,
    extended_zone_surcharge: rate.extendedZoneSurcharge,
    extended_zone: rate.extendedZone,
    subtotal,
    vat: total - subtotal,
    total,
    transit_days: { ...rate.transitDays },
    estimated_delivery: rate.estimatedDelivery,
    cheapest: false,
    fastest: false,
  };
  return view;
}

const catalogueOrder = (key: CarrierKey) => CARRIERS.findIndex((carrier) => carrier.key === key);

/**
 * The cheapest first (then the faster, then catalogue order); `cheapest` on the first of them,
 * `fastest` on the one with the fewest maximum transit days and then the earliest delivery
 * (the cheaper one when they tie).
 */
function ranked(rates: RateView[]): RateView[] {
  const sorted = [...rates].sort(
    (a, b) =>
      a.total - b.total ||
      a.transit_days.max - b.transit_days.max ||
      catalogueOrder(a.carrier_key) - catalogueOrder(b.carrier_key) ||
      a.service_key.localeCompare(b.service_key),
  );
  if (sorted.length === 0) return sorted;
  let fastest = sorted[0]!;
  for (const rate of sorted) {
    if (
      rate.transit_days.max < fastest.transit_days.max ||
      (rate.transit_days.max === fastest.transit_days.max &&
        rate.estimated_delivery < fastest.estimated_delivery)
    ) {
      fastest = rate;
    }
  }
  return sorted.map((rate, index) => ({
    ...rate,
    cheapest: index === 0,
    fastest: rate === fastest,
  }));
}

/** A stored quote in the caller's language: names come from the catalogue, not the row. */
export function quoteView(row: StoredQuote, language: Language): QuoteView {
  return {
    id: row.id,
    status: row.status,
    origin_zip: row.originZip,
    destination_zip: row.destinationZip,
    parcels: row.parcels,
    rates: row.rates.map((rate) => localizedRate(rate, language)),
    unavailable: row.unavailable.map(({ carrier_key, reason_code }): UnavailableCarrier => ({
      carrier_key,
      carrier_name: carrierByKey(carrier_key)?.name ?? carrier_key,
      reason_code,
      reason: UNAVAILABLE_REASON_TEXTS[reason_code][language],
    })),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

function localizedRate(rate: RateView, language: Language): RateView {
  const carrier = carrierByKey(rate.carrier_key);
  const service = carrier && serviceOf(carrier, rate.service_key);
  return service
    ? { ...rate, carrier_name: carrier.name, service_name: service.name[language] }
    : rate;
}

/**
 * A carrier's quote, or `carrier_unavailable` when it fails or takes longer than `timeoutMs`
 * (it is not waited for: the merchant gets the others' rates).
 */
async function askCarrier(
  adapter: CarrierAdapter,
  request: Parameters<CarrierAdapter['quote']>[0],
  timeoutMs: number,
): Promise<CarrierQuote> {
  const unavailable: CarrierQuote = { rates: [], unavailable: 'carrier_unavailable' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CarrierQuote>((resolve) => {
    timer = setTimeout(() => resolve(unavailable), timeoutMs);
  });
  try {
    return await Promise.race([adapter.quote(request).catch(() => unavailable), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface QuotesDeps {
  db: Db;
  clock: Clock;
  /** The app's carrier adapters (the composition root's). */
  adapters: CarrierAdapters;
  carriers: CarriersService;
  packages: PackagesService;
}

export interface QuotesServiceOptions {
  timeoutMs?: number;
}

/**
 * Quotes (decision 017): every enabled carrier of the organization is asked at once; the rates
 * are kept with the quote for an hour so a purchase charges exactly what the merchant saw.
 * Always scoped by the caller's organization: another organization's quote is NOT_FOUND.
 */
export class QuotesService {
  private readonly adapters: CarrierAdapters;
  private readonly carriers: CarriersService;
  private readonly packages: PackagesService;
  private readonly timeoutMs: number;

  constructor(
    private readonly deps: QuotesDeps,
    options: QuotesServiceOptions = {},
  ) {
    this.adapters = deps.adapters;
    this.carriers = deps.carriers;
    this.packages = deps.packages;
    this.timeoutMs = options.timeoutMs ?? CARRIER_QUOTE_TIMEOUT_MS;
  }

  /** Rates of every enabled carrier for the zips and parcels, stored as a new quote. */
  async create(
    organizationId: string,
    userId: string,
    input: QuoteRequest,
    language: Language,
  ): Promise<QuoteView> {
    return quoteView(await this.quoteBetween(organizationId, userId, input), language);
  }

  /**
   * The stored quote between two ends that may lie in different countries (an international
   * shipment's, issue 25: carriers answer their international services); zips as typed.
   */
  async quoteBetween(
    organizationId: string,
    userId: string,
    input: Pick<QuoteRequest, 'origin_zip' | 'destination_zip' | 'parcels'> & {
      origin_country?: string;
      destination_country?: string;
    },
    language: Language = 'es',
  ): Promise<StoredQuote> {
    // A saved package the parcels name must be the organization's, as for the purchase.
    const packageIds = new Set(input.parcels.flatMap((parcel) => parcel.package_id ?? []));
    await Promise.all([...packageIds].map((id) => this.packages.get(organizationId, id)));
    const now = this.deps.clock.now();
    const parcels = input.parcels.map(parcelInCmKg);
    const enabled = await this.carriers.enabledCarriers(organizationId);
    const originCountry = input.origin_country ?? 'MX';
    const destinationCountry = input.destination_country ?? 'MX';
    const request = {
      organizationId,
      originZip: input.origin_zip,
      destinationZip: input.destination_zip,
      originCountry,
      destinationCountry,
      parcels,
      shipDate: now,
    };
    const answers = await Promise.all(
      enabled.map((carrier) => askCarrier(this.adapters[carrier.key], request, this.timeoutMs)),
    );
    const rates: RateView[] = [];
    const unavailable: StoredQuote['unavailable'] = [];
    enabled.forEach((carrier, index) => {
      const answer = answers[index]!;
      const views = answer.rates.flatMap((rate) => {
        const view = rateView(carrier, rate, this.adapters[carrier.key].sandbox, language);
        return view ? [view] : [];
      });
      rates.push(...views);
      if (views.length === 0) {
        unavailable.push({
          carrier_key: carrier.key,
          reason_code: answer.unavailable ?? 'no_coverage',
        });
      }
    });
    return repository.insertQuote(this.deps.db, {
      organizationId,
      createdBy: userId,
      originZip: input.origin_zip,
      destinationZip: input.destination_zip,
      originCountry,
      destinationCountry,
      parcels,
      rates: ranked(rates),
      unavailable,
      createdAt: now,
      expiresAt: new Date(now.getTime() + QUOTE_VALIDITY_MINUTES * 60_000),
    });
  }

  async get(organizationId: string, id: string, language: Language): Promise<QuoteView> {
    const row = await repository.findQuote(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return quoteView(row, language);
  }

  /**
   * The quote and chosen rate a purchase charges: NOT_FOUND for another organization's quote
   * or a rate the quote does not hold, QUOTE_EXPIRED (410) once `expires_at` has passed. The
   * status is the caller's to check (a quote already `in_process` or `completed`).
   */
  async loadForPurchase(
    organizationId: string,
    quoteId: string,
    rateId: string,
    now: Date,
    db: DbOrTx = this.deps.db,
  ): Promise<{ quote: StoredQuote; rate: RateView }> {
    const quote = await repository.findQuote(db, organizationId, quoteId);
    if (!quote) throw notFound();
    if (now.getTime() >= quote.expiresAt.getTime()) throw new AppError('QUOTE_EXPIRED');
    const rate = quote.rates.find((candidate) => candidate.id === rateId);
    if (!rate) throw notFound();
    return { quote, rate };
  }

  /** QUOTE_MISMATCH (409) when the shipment is not what was quoted (zips, parcels). */
  assertMatches(quote: StoredQuote, shipment: QuotedShipment): void {
    if (!quoteMatches(quote, shipment)) throw new AppError('QUOTE_MISMATCH');
  }

  /**
   * Moves the quote along its statuses (quote → in_process → completed, or back to quote when a
   * purchase fails); with `from`, only from those. Pass the purchase's transaction as `db`.
   */
  setStatus(
    organizationId: string,
    quoteId: string,
    status: QuoteStatus,
    options: { from?: readonly QuoteStatus[]; db?: DbOrTx } = {},
  ): Promise<boolean> {
    return repository.updateQuoteStatus(
      options.db ?? this.deps.db,
      organizationId,
      quoteId,
      status,
      options.from,
    );
  }
}

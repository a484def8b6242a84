import {
  addBusinessDays,
  billableWeightKg,
  carrierByKey,
  isBusinessDay,
  mexicoDate,
  nextBusinessDays,
  pickupAvailability,
  PICKUP_RULES,
  stateOfZip,
  volumetricWeightKg,
  zoneBetween,
  type CarrierDefinition,
  type MexicanState,
  type QuoteParcel,
  type UnavailableReason,
} from '@despacho/domain';
import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { labelPdf, type LabelData } from './label-pdf';
import { labelZpl } from './label-zpl';
import {
  CarrierError,
  type CancellationAccepted,
  type CancelRequest,
  type CarrierAdapter,
  type CarrierQuote,
  type CarrierRate,
  type CarrierTrackingEvent,
  type IssuedLabel,
  type LabelRequest,
  type PickupAvailabilityRequest,
  type PickupCancelRequest,
  type PickupDayOffer,
  type PickupRequest,
  type PickupRescheduleRequest,
  type TrackRequest,
  type RateRequest,
} from './carrier-adapter';
import type { ExtendedZoneLookup } from './extended-zones';
import {
  internationalZoneOf,
  metroAreaOf,
  type CarrierTariff,
  type ServiceTariff,
  type TrackingFormat,
} from './sandbox-tariffs';

/** A reference containing this is always refused, so demos and tests can show a failed guide. */
export const SANDBOX_FAILURE_REFERENCE = 'SANDBOX-FALLA';

export interface SandboxCarrierOptions {
  tariff: CarrierTariff;
  extendedZones: ExtendedZoneLookup;
  clock: Clock;
  /** Share (0–1) of quotes and label requests that fail as if the carrier were down. */
  failureRate?: number;
  /** How long the carrier takes to confirm a cancellation. */
  cancelDelaySeconds?: number;
  /** How long a label request takes, as a slow carrier would (crash tests). */
  labelDelayMs?: number;
  /** Uniform in [0, 1): decides the simulated failures; tests inject their own. */
  random?: () => number;
}

/**
 * Between two Mexican states (domestic services, zones by state) or between Mexico and a
 * country abroad (international services, zones by that country).
 */
type Route =
  | { international: false; origin: MexicanState; destination: MexicanState; zone: number }
  | { international: true; zone: number; toMexico: boolean };

/** The two ends of a rate or label request: postal codes and ISO alpha-2 countries. */
interface Ends {
  originZip: string;
  destinationZip: string;
  originCountry: string;
  destinationCountry: string;
}

type ServiceAnswer = { ok: true; rate: CarrierRate } | { ok: false; reason: UnavailableReason };

/** SHA-256 of the parts as a non-negative integer: the seed of every derived number. */
function digest(...parts: string[]): bigint {
  return BigInt(`0x${createHash('sha256').update(parts.join(':')).digest('hex')}`);
}

/** `digits` decimal digits from a seed, never starting with 0. */
function digitsFrom(seed: bigint, digits: number): string {
  const span = 9n * 10n ** BigInt(digits - 1);
  return (10n ** BigInt(digits - 1) + (seed % span)).toString();
}

/** A guide number in the carrier's format, the same for the same shipment id. */
export function sandboxTrackingNumber(
  carrier: string,
  format: TrackingFormat,
  shipmentId: string,
): string {
  const seed = digest(carrier, 'guide', shipmentId);
  if (format.check === 'mod7') {
    const body = digitsFrom(seed, format.digits - 1);
    return `${format.prefix}${body}${BigInt(body) % 7n}`;
  }
  return `${format.prefix}${digitsFrom(seed, format.digits)}`;
}

/** Whether a number has the carrier's format (length, prefix, check digit). */
export function isTrackingNumberOf(format: TrackingFormat, trackingNumber: string): boolean {
  if (!trackingNumber.startsWith(format.prefix)) return false;
  const digits = trackingNumber.slice(format.prefix.length);
  if (!new RegExp(`^\\d{${format.digits}}$`).test(digits)) return false;
  if (format.check !== 'mod7') return true;
  return BigInt(digits.slice(0, -1)) % 7n === BigInt(digits.slice(-1));
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** "30", "10.5", "12.75": a number as the label prints it. */
const plain = (value: number) => String(Number(value.toFixed(3)));

/** Weights print with two decimals, or three when grams are given. */
const weightText = (kg: number) =>
  Math.round(kg * 1000) % 10 === 0 ? kg.toFixed(2) : kg.toFixed(3);

const MAX_REMEMBERED_GUIDES = 10_000;

// Business-day arithmetic is the costly part of a rate (holidays, time zones); a quote asks the
// same few questions of every service, so the answers are remembered (pure, and few distinct).
const businessDays = new Map<string, string>();
function memoDay(key: string, compute: () => string): string {
  let day = businessDays.get(key);
  if (day === undefined) {
    if (businessDays.size >= 4096) businessDays.clear();
    day = compute();
    businessDays.set(key, day);
  }
  return day;
}

/** The business day a parcel handed over on `date` (Mexico City) starts travelling. */
const firstBusinessDay = (date: string) => memoDay(date, () => nextBusinessDays(date, 1, true)[0]!);

/** The Mexico City date of an instant; the six carriers of one quote ask about the same one. */
let lastShipDate = { at: Number.NaN, date: '' };
function shipDay(instant: Date): string {
  if (instant.getTime() !== lastShipDate.at) {
    lastShipDate = { at: instant.getTime(), date: mexicoDate(instant) };
  }
  return lastShipDate.date;
}

/** The `n`th business day after `day`. */
const businessDayAfter = (day: string, n: number) =>
  memoDay(`${day}+${n}`, () => addBusinessDays(day, n));

/**
 * A carrier's sandbox (decision 017): answers like the carrier's API would, from a tariff, and
 * says it is a sandbox. Rates: zone between the states of the two postal codes, billable weight
 * per parcel, price by zone and kilogram, fuel surcharge on the base, a flat extended-zone
 * surcharge when the destination is rural in SEPOMEX, the service's weight and size limits.
 * Guides: numbers derived from our shipment id (a retry issues the same guide), 4×6 labels in
 * PDF and ZPL. Nothing leaves the process.
 *
 * The timeline of a guide (picked up, in transit, delivered…) is played by jobs, not here; this
 * adapter remembers, in memory and bounded, only what it did itself (label created, cancelled).
 */
export class SandboxCarrier implements CarrierAdapter {
  readonly sandbox = true;
  readonly key: CarrierTariff['carrier'];
  private readonly carrier: CarrierDefinition;
  private readonly failureRate: number;
  private readonly cancelDelayMs: number;
  private readonly random: () => number;
  private readonly events = new Map<string, CarrierTrackingEvent[]>();
  /** The catalogue's international services of this carrier. */
  private readonly international: ReadonlySet<string>;

  constructor(private readonly options: SandboxCarrierOptions) {
    this.key = options.tariff.carrier;
    const carrier = carrierByKey(this.key);
    if (!carrier) throw new Error(`No catalogue entry for the carrier ${this.key}`);
    for (const service of options.tariff.services) {
      if (!carrier.services.some((known) => known.key === service.serviceKey)) {
        throw new Error(`${this.key} has no service ${service.serviceKey} in the catalogue`);
      }
    }
    this.carrier = carrier;
    this.international = new Set(
      carrier.services.filter((service) => service.international).map((service) => service.key),
    );
    this.failureRate = options.failureRate ?? 0;
    this.cancelDelayMs = (options.cancelDelaySeconds ?? 120) * 1000;
    this.random = options.random ?? Math.random;
  }

  private get tariff(): CarrierTariff {
    return this.options.tariff;
  }

  /** True when this call plays the carrier being down. */
  private failsNow(): boolean {
    return this.failureRate > 0 && this.random() < this.failureRate;
  }

  private route(ends: Ends): Route | null {
    const fromMexico = ends.originCountry === 'MX';
    const toMexico = ends.destinationCountry === 'MX';
    if (fromMexico && toMexico) {
      const origin = stateOfZip(ends.originZip);
      const destination = stateOfZip(ends.destinationZip);
      if (!origin || !destination) return null;
      return { international: false, origin, destination, zone: zoneBetween(origin, destination) };
    }
    // Exactly one end abroad, and the Mexican end a known postal code.
    if (fromMexico === toMexico || !stateOfZip(fromMexico ? ends.originZip : ends.destinationZip)) {
      return null;
    }
    const zone = internationalZoneOf(fromMexico ? ends.destinationCountry : ends.originCountry);
    return zone === null ? null : { international: true, zone, toMexico };
  }

  private reaches(service: ServiceTariff, route: Route): boolean {
    if (this.international.has(service.serviceKey) !== route.international) return false;
    if (route.zone > service.firstKg.length) return false;
    if (!service.metro || route.international) return true;
    const from = metroAreaOf(route.origin);
    const to = metroAreaOf(route.destination);
    if (!from || !to) return false;
    return service.metro === 'any_area' || from === to;
  }

  private rateFor(
    service: ServiceTariff,
    route: Route,
    parcels: readonly QuoteParcel[],
    extended: boolean,
    firstDay: string,
  ): ServiceAnswer {
    if (!this.reaches(service, route)) return { ok: false, reason: 'no_coverage' };
    for (const parcel of parcels) {
      if (Math.max(parcel.weight_kg, volumetricWeightKg(parcel)) > service.maxWeightKg) {
        return { ok: false, reason: 'weight_limit' };
      }
    }
    for (const parcel of parcels) {
      const sides = [parcel.length_cm, parcel.width_cm, parcel.height_cm].sort((a, b) => b - a);
      const [longest, middle, shortest] = sides as [number, number, number];
      if (
        longest > service.maxSideCm ||
        longest + 2 * (middle + shortest) > service.maxLengthPlusGirthCm
      ) {
        return { ok: false, reason: 'size_limit' };
      }
    }
    const zone = route.zone;
    const first = service.firstKg[zone - 1]!;
    const extra = service.extraKg[zone - 1]!;
    let base = 0;
    let billable = 0;
    for (const parcel of parcels) {
      const kg = billableWeightKg(parcel);
      billable += kg;
      base += first + (kg - 1) * extra;
    }
    const fuelSurcharge = Math.round((base * this.tariff.fuelSurchargeBasisPoints) / 10_000);
    const [min, max] = service.transitDays[zone - 1]!;
    const delay = extended ? this.tariff.extendedZoneExtraDays : 0;
    return {
      ok: true,
      rate: {
        serviceKey: service.serviceKey,
        zone,
        billableWeightKg: billable,
        base,
        fuelSurcharge,
        extendedZoneSurcharge: extended ? this.tariff.extendedZoneSurcharge! : 0,
        extendedZone: extended,
        transitDays: { min: min + delay, max: max + delay },
        estimatedDelivery: businessDayAfter(firstDay, max + delay),
      },
    };
  }

  /** Every service's answer for the request, or one reason when the route is out of reach. */
  private async answers(
    ends: Ends,
    parcels: readonly QuoteParcel[],
    shipDate: Date,
    services: readonly ServiceTariff[],
  ): Promise<ServiceAnswer[]> {
    const route = this.route(ends);
    if (!route || !services.some((service) => this.reaches(service, route))) {
      return [{ ok: false, reason: 'no_coverage' }];
    }
    // Rural surcharges are SEPOMEX's: only a delivery inside Mexico can meet one.
    const extended =
      (!route.international || route.toMexico) &&
      (await this.options.extendedZones.isExtended(ends.destinationZip));
    if (extended && this.tariff.extendedZoneSurcharge === null) {
      return [{ ok: false, reason: 'no_coverage' }];
    }
    const firstDay = firstBusinessDay(shipDay(shipDate));
    return services.map((service) => this.rateFor(service, route, parcels, extended, firstDay));
  }

  async quote(request: RateRequest): Promise<CarrierQuote> {
    if (this.failsNow()) return { rates: [], unavailable: 'carrier_unavailable' };
    const answers = await this.answers(
      {
        originZip: request.originZip,
        destinationZip: request.destinationZip,
        originCountry: request.originCountry ?? 'MX',
        destinationCountry: request.destinationCountry ?? 'MX',
      },
      request.parcels,
      request.shipDate,
      this.tariff.services,
    );
    const rates = answers.flatMap((answer) => (answer.ok ? [answer.rate] : []));
    if (rates.length > 0) return { rates };
    // The reason that matters comes from a service that does reach the route.
    const reasons = new Set(answers.flatMap((answer) => (answer.ok ? [] : [answer.reason])));
    const unavailable: UnavailableReason = reasons.has('weight_limit')
      ? 'weight_limit'
      : reasons.has('size_limit')
        ? 'size_limit'
        : 'no_coverage';
    return { rates: [], unavailable };
  }

  private refuse(message: string): CarrierError {
    return new CarrierError(this.key, 'rejected', message);
  }

  async createLabel(request: LabelRequest): Promise<IssuedLabel> {
    const name = this.carrier.name;
    if (this.options.labelDelayMs) {
      await new Promise((resolve) => setTimeout(resolve, this.options.labelDelayMs));
    }
    if (request.reference?.toUpperCase().includes(SANDBOX_FAILURE_REFERENCE)) {
      throw this.refuse(
        `${name} rechazó la guía: no pudo validar el domicilio de destino con su catálogo de ` +
          `coberturas (referencia de prueba ${SANDBOX_FAILURE_REFERENCE}).`,
      );
    }
    if (this.failsNow()) {
      throw new CarrierError(
        this.key,
        'unavailable',
        `${name} no responde en este momento; intenta de nuevo en unos minutos.`,
      );
    }
    const service = this.tariff.services.find((known) => known.serviceKey === request.serviceKey);
    if (!service) {
      throw this.refuse(`${name} no ofrece el servicio ${request.serviceKey} en México.`);
    }
    if (request.parcels.length === 0) throw this.refuse(`${name}: la guía no tiene paquetes.`);
    const [answer] = await this.answers(
      {
        originZip: request.origin.zip,
        destinationZip: request.destination.zip,
        originCountry: request.origin.country ?? 'MX',
        destinationCountry: request.destination.country ?? 'MX',
      },
      request.parcels,
      request.createdAt,
      [service],
    );
    if (!answer!.ok) {
      const why = {
        no_coverage: 'no hay cobertura del servicio entre esos códigos postales',
        weight_limit: `un paquete supera el peso máximo del servicio (${service.maxWeightKg} kg)`,
        size_limit: 'un paquete supera las medidas máximas del servicio',
        carrier_unavailable: 'el servicio no está disponible',
      }[answer!.reason];
      throw this.refuse(`${name} rechazó la guía: ${why}.`);
    }

    const trackingNumber = sandboxTrackingNumber(
      this.key,
      this.tariff.trackingFormat,
      request.shipmentId,
    );
    const serviceName = this.carrier.services.find((known) => known.key === service.serviceKey)!
      .name.es;
    const trackingUrl = request.trackingUrl(trackingNumber);
    const labels: LabelData[] = request.parcels.map((parcel, index) => ({
      trackingNumber,
      carrierName: name,
      serviceName,
      sandbox: true,
      createdAt: request.createdAt,
      origin: request.origin,
      destination: request.destination,
      packageNumber: index + 1,
      packageCount: request.parcels.length,
      weightKg: weightText(parcel.weight_kg),
      dimensionsCm: `${plain(parcel.length_cm)} × ${plain(parcel.width_cm)} × ${plain(parcel.height_cm)}`,
      reference: request.reference,
      trackingUrl,
    }));
    const pdf = await labelPdf(labels);
    const zpl = labelZpl(labels);
    this.remember(trackingNumber, {
      id: `${trackingNumber}:label_created`,
      status: 'CREATED',
      code: 'label_created',
      location: null,
      occurredAt: request.createdAt,
    });
    return {
      trackingNumber,
      carrierReference: `SBX-${digest(this.key, 'reference', request.shipmentId).toString(16).slice(0, 16).toUpperCase()}`,
      pdf,
      zpl,
    };
  }

  private remember(trackingNumber: string, event: CarrierTrackingEvent) {
    const known = this.events.get(trackingNumber) ?? [];
    if (known.some((existing) => existing.id === event.id)) return;
    this.events.delete(trackingNumber);
    this.events.set(trackingNumber, [...known, event]);
    while (this.events.size > MAX_REMEMBERED_GUIDES) {
      this.events.delete(this.events.keys().next().value!);
    }
  }

  async cancel(request: CancelRequest): Promise<CancellationAccepted> {
    if (!isTrackingNumberOf(this.tariff.trackingFormat, request.trackingNumber)) {
      throw new CarrierError(
        this.key,
        'not_cancellable',
        `${this.carrier.name} no reconoce la guía ${request.trackingNumber}.`,
      );
    }
    const confirmsAt = new Date(request.requestedAt.getTime() + this.cancelDelayMs);
    this.remember(request.trackingNumber, {
      id: `${request.trackingNumber}:cancelled`,
      status: 'CANCELLED',
      code: 'cancelled',
      location: null,
      occurredAt: confirmsAt,
    });
    return { confirmsAt };
  }

  /** What this adapter itself did to the guide and has already happened; [] when unknown. */
  async track({ trackingNumber }: TrackRequest): Promise<CarrierTrackingEvent[]> {
    const now = this.options.clock.now().getTime();
    return (this.events.get(trackingNumber) ?? [])
      .filter((event) => event.occurredAt.getTime() <= now)
      .map((event) => ({ ...event }));
  }

  /** Whether the carrier collects at this postal code (the urban carrier only in its areas). */
  private collectsAt(originZip: string): boolean {
    const state = stateOfZip(originZip);
    if (!state) return false;
    return this.tariff.services.some((service) => !service.metro) || metroAreaOf(state) !== null;
  }

  async pickupAvailability(request: PickupAvailabilityRequest): Promise<PickupDayOffer[]> {
    if (!this.collectsAt(request.originZip)) return [];
    return pickupAvailability(this.key, request.now);
  }

  /** Refuses a day or window the carrier does not collect on, as booking does. */
  private checkPickupSlot(request: Omit<PickupRequest, 'trackingNumbers' | 'requestId'>) {
    const name = this.carrier.name;
    if (!this.collectsAt(request.originZip)) {
      throw this.refuse(`${name} no recolecta en el código postal ${request.originZip}.`);
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(request.date) || !isBusinessDay(request.date)) {
      throw this.refuse(`${name} no recolecta el ${request.date}: no es día hábil.`);
    }
    const fits = PICKUP_RULES[this.key].windows.some(
      (window) =>
        minutesOf(window.start) <= minutesOf(request.start) &&
        minutesOf(request.end) <= minutesOf(window.end) &&
        minutesOf(request.start) < minutesOf(request.end),
    );
    if (!fits) {
      throw this.refuse(
        `${name} no tiene recolecciones de ${request.start} a ${request.end}; elige otro horario.`,
      );
    }
  }

  /** Refuses a confirmation number this carrier never gives. */
  private checkConfirmation(confirmationNumber: string) {
    if (!new RegExp(`^${this.tariff.pickupPrefix}-\\d{10}$`).test(confirmationNumber)) {
      throw this.refuse(`${this.carrier.name} no reconoce la recolección ${confirmationNumber}.`);
    }
  }

  async schedulePickup(request: PickupRequest): Promise<{ confirmationNumber: string }> {
    this.checkPickupSlot(request);
    const seed = digest(this.key, 'pickup', request.requestId);
    return { confirmationNumber: `${this.tariff.pickupPrefix}-${digitsFrom(seed, 10)}` };
  }

  /** Like the carriers' own: the pickup keeps its confirmation number on its new day. */
  async reschedulePickup(
    request: PickupRescheduleRequest,
  ): Promise<{ confirmationNumber: string }> {
    this.checkConfirmation(request.confirmationNumber);
    this.checkPickupSlot(request);
    return { confirmationNumber: request.confirmationNumber };
  }

  async cancelPickup(request: PickupCancelRequest): Promise<void> {
    this.checkConfirmation(request.confirmationNumber);
    if (request.date < mexicoDate(request.requestedAt)) {
      throw new CarrierError(
        this.key,
        'not_cancellable',
        `${this.carrier.name}: la recolección ${request.confirmationNumber} del ${request.date} ya se cerró.`,
      );
    }
  }
}

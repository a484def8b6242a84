import type { CarrierStatus, TrackingCode } from '@despacho/domain';
import { ProviderError } from '../../../platform/provider-calls';
import { CarrierError, type CarrierRate } from '../carrier-adapter';
import type { DhlProduct } from './dhl-express-responses';

/**
 * DHL Express (MyDHL API) in our terms: its product codes as the catalogue's services, its
 * checkpoint codes as our statuses, its problem+json errors as `CarrierError`s.
 */

/**
 * DHL's global product codes for the catalogue's services. DHL answers many more products
 * (Express 9:00, 10:30, 12:00, Economy Select, documents…); a product not listed here is left
 * out of a quote rather than guessed onto one of ours.
 */
export const DHL_PRODUCTS: Readonly<Record<string, 'domestic_express' | 'express_worldwide'>> = {
  /** EXPRESS DOMESTIC: within Mexico. */
  N: 'domestic_express',
  /** EXPRESS WORLDWIDE, non-documents (dutiable goods). */
  P: 'express_worldwide',
};

/** The product code a label of our service is issued with. */
export function dhlProductOf(serviceKey: string): string | null {
  return Object.entries(DHL_PRODUCTS).find(([, key]) => key === serviceKey)?.[0] ?? null;
}

/** DHL's value-added service codes that a quote reports on their own. */
export const DHL_SERVICE_CODES = {
  fuelSurcharge: 'FF',
  remoteAreaDelivery: 'OO',
  /** Paperless trade: the commercial invoice travels as an image with the shipment. */
  paperlessTrade: 'WY',
} as const;

interface EventMapping {
  status: CarrierStatus;
  code: TrackingCode;
}

const transit = (code: TrackingCode): EventMapping => ({ status: 'IN_TRANSIT', code });

/**
 * Every DHL Express checkpoint code DHL documents (its tracking status list) and what it means
 * to us. Clearance and hold codes are operational delays; failed deliveries (not home, bad
 * address, refused, returned) are delivery attempts. DHL has no weather code and never reports
 * a cancelled guide (an unused waybill simply never moves), so `delayed_weather` and
 * `cancelled` never come from DHL. A code missing here is skipped, not guessed.
 */
export const DHL_CHECKPOINTS: Readonly<Record<string, EventMapping>> = {
  AD: transit('in_transit'), // Agreed delivery
  AF: transit('arrived_at_hub'), // Arrived facility
  AR: transit('arrived_at_hub'), // Arrival in delivery facility
  BA: transit('delivery_attempted'), // Bad address
  BN: transit('in_transit'), // Customer broker notified
  BR: transit('in_transit'), // Broker release
  CA: transit('delivery_attempted'), // Closed on arrival
  CC: transit('arrived_at_hub'), // Awaiting consignee collection
  CD: transit('delayed_operations'), // Controllable clearance delay
  CM: transit('delivery_attempted'), // Customer moved
  CR: transit('in_transit'), // Clearance release
  CS: transit('delayed_operations'), // Closed shipment
  DD: { status: 'DELIVERED', code: 'delivered' }, // Delivered damaged
  DF: transit('in_transit'), // Depart facility
  DS: transit('delayed_operations'), // Destroyed / disposal
  FD: transit('in_transit'), // Forward destination
  HP: transit('delayed_operations'), // Held for payment
  IC: transit('in_transit'), // In clearance processing
  MC: transit('delayed_operations'), // Miscode
  MD: transit('delayed_operations'), // Missed delivery cycle
  MS: transit('delayed_operations'), // Mis-sort
  ND: transit('delivery_attempted'), // Not delivered
  NH: transit('delivery_attempted'), // Not home
  OH: transit('delayed_operations'), // On hold
  OK: { status: 'DELIVERED', code: 'delivered' }, // Delivery
  PD: transit('out_for_delivery'), // Partial delivery (the rest still on its way)
  PL: transit('in_transit'), // Processed at location
  PU: transit('picked_up'), // Shipment pick up
  RD: transit('delivery_attempted'), // Refused delivery
  RR: transit('in_transit'), // Response received
  RT: transit('delivery_attempted'), // Returned to consignor
  SA: transit('picked_up'), // Shipment acceptance (handed in at a DHL point)
  SC: transit('in_transit'), // Service changed
  SS: transit('delayed_operations'), // Shipment stopped
  TP: transit('in_transit'), // Forwarded to a third party
  TR: transit('in_transit'), // Record of transfer
  UD: transit('delayed_operations'), // Uncontrollable clearance delay
  WC: transit('out_for_delivery'), // With delivering courier
};

/** DHL's problem+json error body (`status` comes as a string). */
export interface DhlProblem {
  title?: string;
  detail?: string;
  message?: string;
  status?: string | number;
  instance?: string;
  additionalDetails?: string[];
}

/**
 * DHL's code and message from its error body, for `providerJson`: many details start with
 * DHL's numeric code ("8003: Account not allowed…"); validation errors list the fields in
 * `additionalDetails`.
 */
export function describeDhlProblem(body: unknown): { code?: string; message?: string } {
  if (!body || typeof body !== 'object') return {};
  const problem = body as DhlProblem;
  const detail = typeof problem.detail === 'string' ? problem.detail.trim() : '';
  const extra = Array.isArray(problem.additionalDetails)
    ? problem.additionalDetails.filter((line) => typeof line === 'string')
    : [];
  const message = [detail || problem.title, ...extra].filter(Boolean).join('; ');
  const code = /^(\d{3,5}):/.exec(detail)?.[1] ?? problem.title;
  return {
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
  };
}

/**
 * A failed DHL call as the carrier's answer to our callers: DHL's refusal keeps its own words
 * for the merchant; our account's credentials refused (401/403) or DHL down is `unavailable`
 * without DHL's text (staff read it in the provider failures).
 */
export function dhlCarrierError(
  error: unknown,
  /** What a refusal with a given HTTP status means for this operation (default `rejected`). */
  refusals: Partial<Record<number, 'rejected' | 'not_cancellable'>> = {},
): CarrierError {
  if (error instanceof CarrierError) return error;
  if (!(error instanceof ProviderError)) {
    return new CarrierError(
      'dhl_express',
      'unavailable',
      'DHL Express no responde; intenta de nuevo.',
    );
  }
  const status = error.details.status;
  if (error.code === 'timeout') {
    return new CarrierError(
      'dhl_express',
      'timeout',
      'DHL Express no respondió a tiempo; intenta de nuevo.',
    );
  }
  if (error.code === 'rejected' && (status === 401 || status === 403)) {
    return new CarrierError(
      'dhl_express',
      'unavailable',
      'DHL Express no aceptó las credenciales de la cuenta; el equipo de Despacho ya tiene el detalle.',
    );
  }
  if (error.code === 'rejected') {
    const code = (status !== undefined && refusals[status]) || 'rejected';
    return new CarrierError(
      'dhl_express',
      code,
      `DHL Express rechazó la solicitud: ${error.message}`,
    );
  }
  return new CarrierError(
    'dhl_express',
    'unavailable',
    'DHL Express no está disponible en este momento; intenta de nuevo en unos minutos.',
  );
}

/** Pesos to integer centavos. */
const centavos = (pesos: number) => Math.round(pesos * 100);

/** One DHL product as our rate, or null for a product we do not offer or cannot price in pesos. */
export function rateOf(product: DhlProduct): CarrierRate | null {
  const serviceKey = DHL_PRODUCTS[product.productCode];
  if (!serviceKey) return null;
  const total =
    product.totalPrice.find(
      (price) => price.currencyType === 'BILLC' && price.priceCurrency === 'MXN',
    ) ?? product.totalPrice.find((price) => price.priceCurrency === 'MXN');
  if (!total) return null;
  const currencyType = total.currencyType;
  const tax =
    product.totalPriceBreakdown
      ?.find((entry) => entry.currencyType === currencyType)
      ?.priceBreakdown?.find((entry) => entry.typeCode === 'STTXA')?.price ?? 0;
  const breakdown =
    product.detailedPriceBreakdown?.find((entry) => entry.currencyType === currencyType)
      ?.breakdown ?? [];
  const charge = (code: string) =>
    centavos(
      breakdown
        .filter((entry) => entry.serviceCode === code)
        .reduce((sum, entry) => sum + entry.price, 0),
    );
  const fuelSurcharge = charge(DHL_SERVICE_CODES.fuelSurcharge);
  const extendedZoneSurcharge = charge(DHL_SERVICE_CODES.remoteAreaDelivery);
  const beforeTax = centavos(total.price - tax);
  const transit = product.deliveryCapabilities?.totalTransitDays;
  const estimated = product.deliveryCapabilities?.estimatedDeliveryDateAndTime?.slice(0, 10);
  if (transit === undefined || !estimated) return null;
  return {
    serviceKey,
    // DHL prices by its own zones and does not say which; 0 stands for "the carrier's".
    zone: 0,
    billableWeightKg: Math.max(product.weight?.provided ?? 0, product.weight?.volumetric ?? 0),
    base: beforeTax - fuelSurcharge - extendedZoneSurcharge,
    fuelSurcharge,
    extendedZoneSurcharge,
    extendedZone: extendedZoneSurcharge > 0,
    transitDays: { min: transit, max: transit },
    estimatedDelivery: estimated,
  };
}

import type { CarrierStatus, TrackingCode } from '@despacho/domain';
import { ProviderError } from '../../../platform/provider-calls';
import { CarrierError } from '../carrier-adapter';

/**
 * FedEx's service types onto the catalogue's `fedex` services. FedEx renamed International
 * Priority to "FedEx International Priority" in 2023 and answers either name depending on the
 * account; both are ours. Any other service FedEx quotes (Priority Express, First…) has no entry
 * in the catalogue and is left out of the quote.
 */
export const FEDEX_SERVICES: Readonly<Record<string, string>> = {
  STANDARD_OVERNIGHT: 'standard_overnight',
  FEDEX_EXPRESS_SAVER: 'express_saver',
  FEDEX_INTERNATIONAL_PRIORITY: 'international_priority',
  INTERNATIONAL_PRIORITY: 'international_priority',
  INTERNATIONAL_ECONOMY: 'international_economy',
};

/** The service type a label is bought with: the current name of each catalogue service. */
export const FEDEX_SERVICE_TYPE_OF: Readonly<Record<string, string>> = {
  standard_overnight: 'STANDARD_OVERNIGHT',
  express_saver: 'FEDEX_EXPRESS_SAVER',
  international_priority: 'FEDEX_INTERNATIONAL_PRIORITY',
  international_economy: 'INTERNATIONAL_ECONOMY',
};

type Movement = { status: CarrierStatus; code: TrackingCode };

const created = (code: TrackingCode = 'label_created'): Movement => ({ status: 'CREATED', code });
const moving = (code: TrackingCode): Movement => ({ status: 'IN_TRANSIT', code });

/**
 * FedEx's tracking status and scan event codes (Track API, "tracking status codes") onto our
 * status and timeline code. `null`: an event that says nothing about where the parcel is (return
 * label links, delivery-option requests), left off the timeline. A delay's cause is read from
 * its description (`trackingMovement`), since FedEx gives weather as a reason, not a code.
 */
export const FEDEX_TRACKING_CODES: Readonly<Record<string, Movement | null>> = {
  OC: created(), // Order (label) created
  DS: created(), // Vehicle dispatched to the pickup
  EP: created(), // En route to pickup
  DR: created('delayed_operations'), // Vehicle furnished but not used: no pickup
  PD: created('delayed_operations'), // Pickup delay
  AP: moving('picked_up'), // At pickup
  PU: moving('picked_up'),
  PX: moving('picked_up'), // Picked up (see details)
  IT: moving('in_transit'),
  IX: moving('in_transit'), // In transit (see details)
  IN: moving('in_transit'), // Initiated
  DP: moving('in_transit'), // Departed
  LO: moving('in_transit'), // Left origin
  EA: moving('in_transit'), // En route to airport
  EO: moving('in_transit'), // En route to origin airport
  PF: moving('in_transit'), // Plane in flight
  PL: moving('in_transit'), // Plane landed
  PM: moving('in_transit'), // In progress
  TR: moving('in_transit'), // Transfer
  CH: moving('in_transit'), // Location changed
  SP: moving('in_transit'), // Split status (multi-piece)
  AO: moving('in_transit'), // Shipment arriving on time
  OX: moving('in_transit'), // Shipment information sent to USPS
  CC: moving('in_transit'), // Cleared customs
  CP: moving('in_transit'), // Clearance in progress
  AA: moving('arrived_at_hub'), // At airport
  AC: moving('arrived_at_hub'), // At Canada Post facility
  AF: moving('arrived_at_hub'), // At local FedEx facility
  AR: moving('arrived_at_hub'), // Arrived at
  AX: moving('arrived_at_hub'), // At USPS facility
  FD: moving('arrived_at_hub'), // At FedEx destination
  OF: moving('arrived_at_hub'), // At FedEx origin facility
  SF: moving('arrived_at_hub'), // At sort facility
  HL: moving('arrived_at_hub'), // Held at a FedEx location for the recipient
  OD: moving('out_for_delivery'),
  ED: moving('out_for_delivery'), // En route to delivery
  AD: moving('out_for_delivery'), // At delivery
  DE: moving('delivery_attempted'), // Delivery exception
  DY: moving('delayed_operations'), // Delay
  DD: moving('delayed_operations'), // Delivery delay
  CD: moving('delayed_operations'), // Clearance delay
  SE: moving('delayed_operations'), // Shipment exception
  RS: moving('delayed_operations'), // Return to shipper
  DL: { status: 'DELIVERED', code: 'delivered' },
  CA: { status: 'CANCELLED', code: 'cancelled' },
  RR: null, // Delivery option requested by the recipient
  RM: null, // Delivery option modified
  RC: null, // Delivery option cancelled
  RP: null, // Return label link e-mailed
  LP: null, // Return label link cancelled
  RD: null, // Return label link expired
};

/**
 * A scan's movement: its event type, else FedEx's derived status code; undefined when FedEx
 * sends a code it has not documented (the event is skipped, the next poll may bring a known one).
 */
export function trackingMovement(
  eventType: string | undefined,
  derivedStatusCode: string | undefined,
  description: string,
): Movement | null | undefined {
  const known = [eventType, derivedStatusCode].find(
    (code) => code !== undefined && code in FEDEX_TRACKING_CODES,
  );
  if (known === undefined) return undefined;
  const movement = FEDEX_TRACKING_CODES[known]!;
  if (movement?.code === 'delayed_operations' && /weather|clima|meteorol/i.test(description)) {
    return { ...movement, code: 'delayed_weather' };
  }
  return movement;
}

/** FedEx's error body (every API): `transactionId` and `errors[{ code, message }]`. */
export function describeFedexError(body: unknown): { code?: string; message?: string } {
  if (!body || typeof body !== 'object') return {};
  const { errors, transactionId } = body as {
    errors?: { code?: unknown; message?: unknown }[];
    transactionId?: unknown;
  };
  if (!Array.isArray(errors) || errors.length === 0) return {};
  const codes = errors.flatMap((error) => (typeof error.code === 'string' ? [error.code] : []));
  const messages = errors.flatMap((error) =>
    typeof error.message === 'string' ? [error.message] : [],
  );
  const transaction = typeof transactionId === 'string' ? ` (transactionId ${transactionId})` : '';
  return {
    ...(codes[0] ? { code: codes[0] } : {}),
    ...(messages.length > 0 ? { message: `${messages.join('; ')}${transaction}` } : {}),
  };
}

/** A 401 FedEx answers when the bearer token expired or is not (any longer) valid. */
export const isTokenRefused = (error: unknown) =>
  error instanceof ProviderError && error.code === 'rejected' && error.details.status === 401;

/**
 * A failed FedEx call as the carrier's answer callers understand, FedEx's own message and code
 * kept. `refusal` is what a rejection means for the operation (a cancellation FedEx refuses is
 * `not_cancellable`).
 */
export function fedexCarrierError(
  error: unknown,
  refusal: 'rejected' | 'not_cancellable' = 'rejected',
): CarrierError {
  if (error instanceof CarrierError) return error;
  if (!(error instanceof ProviderError)) {
    return new CarrierError('fedex', 'unavailable', 'FedEx no respondió como se esperaba.');
  }
  const code = error.details.providerCode ? ` [${error.details.providerCode}]` : '';
  switch (error.code) {
    case 'timeout':
      return new CarrierError('fedex', 'timeout', 'FedEx no respondió a tiempo.');
    case 'rate_limited':
      return new CarrierError(
        'fedex',
        'unavailable',
        `FedEx limitó las solicitudes; intenta de nuevo en unos minutos.${code}`,
      );
    case 'unavailable':
      return new CarrierError(
        'fedex',
        'unavailable',
        `FedEx no está disponible: ${error.message}${code}`,
      );
    case 'malformed':
      return new CarrierError(
        'fedex',
        'unavailable',
        `FedEx respondió algo ilegible: ${error.message}`,
      );
    case 'rejected': {
      const who =
        error.details.status === 401 || error.details.status === 403
          ? 'FedEx no aceptó las credenciales de la cuenta'
          : 'FedEx rechazó la solicitud';
      const kind =
        error.details.status === 401 || error.details.status === 403 ? 'rejected' : refusal;
      return new CarrierError('fedex', kind, `${who}: ${error.message}${code}`);
    }
  }
}

/** FedEx's currency code for the Mexican peso is NMP, not ISO's MXN. */
export const fedexCurrency = (currency: 'USD' | 'MXN') => (currency === 'MXN' ? 'NMP' : 'USD');

/** Why the goods travel, as FedEx's commercial invoice names it. */
export const FEDEX_SHIPMENT_PURPOSES: Readonly<Record<string, string>> = {
  SALE: 'SOLD',
  GIFT: 'GIFT',
  SAMPLE: 'SAMPLE',
  RETURN: 'REPAIR_AND_RETURN',
  REPAIR: 'REPAIR_AND_RETURN',
  PERSONAL_USE: 'PERSONAL_EFFECTS',
};

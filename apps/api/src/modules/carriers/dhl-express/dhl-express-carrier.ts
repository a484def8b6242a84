import { carrierByKey, mexicoDate, pickupAvailability, stateOfZip } from '@despacho/domain';
import { z } from 'zod';
import type { Config } from '../../../config';
import type { Clock } from '../../../platform/clock';
import { ProviderError, type ProviderCalls } from '../../../platform/provider-calls';
import { providerJson } from '../../../platform/provider-http';
import type { CarrierAccountResolver, CarrierCredentials } from '../carrier-accounts';
import type { CarrierAdapterDeps } from '../carrier-adapters';
import {
  CarrierError,
  type CancellationAccepted,
  type CancelRequest,
  type CarrierAdapter,
  type CarrierQuote,
  type CarrierTrackingEvent,
  type IssuedLabel,
  type LabelRequest,
  type PickupAvailabilityRequest,
  type PickupCancelRequest,
  type PickupDayOffer,
  type PickupRequest,
  type PickupRescheduleRequest,
  type RateRequest,
  type TrackRequest,
} from '../carrier-adapter';
import { labelZpl } from '../label-zpl';
import { pickupBody, ratesBody, shipmentBody, type PickupShipment } from './dhl-express-bodies';
import {
  DHL_CHECKPOINTS,
  DHL_PRODUCTS,
  describeDhlProblem,
  dhlCarrierError,
  dhlProductOf,
  rateOf,
} from './dhl-express-mapping';
import {
  dhlAddressValidatedSchema,
  dhlPickupCreatedSchema,
  dhlPickupUpdatedSchema,
  dhlRatesSchema,
  dhlShipmentCreatedSchema,
  dhlTrackingSchema,
  parseDhl,
  type DhlTrackedShipment,
} from './dhl-express-responses';

/** DHL's environments (MyDHL API user guide); `DHL_EXPRESS_BASE_URL` replaces them. */
export const DHL_EXPRESS_URLS = {
  test: 'https://express.api.dhl.com/mydhlapi/test',
  production: 'https://express.api.dhl.com/mydhlapi',
} as const;

/** The interface version DHL asks every request to name (`x-version`). */
const DHL_API_VERSION = '3.1.0';
/** Reads (rates, tracking) are idempotent: retried on DHL's rate limit or an outage. */
const READ_RETRIES = 2;
/** Who calls off a pickup, as DHL's cancellation asks. */
const REQUESTOR = 'Despacho';

export interface DhlExpressCarrierOptions {
  baseUrl: string;
  providerCalls: ProviderCalls;
  accounts: CarrierAccountResolver;
  clock: Clock;
  /** How long one DHL call may take (default: the provider calls' 15 s). */
  timeoutMs?: number;
}

/** The DHL Express adapter when configuration switches it on (`DHL_EXPRESS_MODE`), else null. */
export function dhlExpressCarrier(
  deps: {
    config: Partial<Pick<Config, 'DHL_EXPRESS_MODE' | 'DHL_EXPRESS_BASE_URL'>>;
    clock: Clock;
  },
  live: NonNullable<CarrierAdapterDeps['live']>,
): DhlExpressCarrier | null {
  const mode = deps.config.DHL_EXPRESS_MODE ?? 'sandbox';
  if (mode === 'sandbox') return null;
  return new DhlExpressCarrier({
    baseUrl: deps.config.DHL_EXPRESS_BASE_URL ?? DHL_EXPRESS_URLS[mode],
    providerCalls: live.providerCalls,
    accounts: live.accounts,
    clock: deps.clock,
  });
}

/**
 * DHL Express through its MyDHL API (REST, HTTP Basic with the account's API key and secret).
 * Every call goes through `ProviderCalls` (timed, failures kept for staff) with the account
 * the resolver gives for the organization: its own or the platform's.
 *
 * Labels: DHL answers one format per shipment; we ask for its PDF label (the carrier's own,
 * with its routing barcodes) and render the ZPL twin ourselves from DHL's guide number.
 * Cancelling: MyDHL has no void; an unused waybill is never billed, so a guide DHL has not
 * scanned yet is cancelled at once and one it already holds is refused.
 */
export class DhlExpressCarrier implements CarrierAdapter {
  readonly key = 'dhl_express' as const;
  readonly sandbox = false;

  constructor(private readonly options: DhlExpressCarrierOptions) {}

  private async account(organizationId: string): Promise<CarrierCredentials> {
    const credentials = await this.options.accounts.credentialsFor(organizationId, 'dhl_express');
    if (!credentials) {
      throw new CarrierError(
        'dhl_express',
        'unavailable',
        'DHL Express no está conectado: no hay una cuenta de DHL para esta organización.',
      );
    }
    return credentials;
  }

  /**
   * One JSON request to DHL with the account's Basic credentials, through the provider calls;
   * the answer is read with `schema` inside the call, so a malformed one is recorded as such.
   */
  private async call<T>(
    operation: string,
    credentials: CarrierCredentials,
    path: string,
    schema: z.ZodType<T>,
    init: { method?: string; body?: unknown; reference?: string; retries?: number } = {},
  ): Promise<T> {
    const authorization = `Basic ${Buffer.from(`${credentials.key}:${credentials.secret}`).toString('base64')}`;
    return this.options.providerCalls.run(
      { kind: 'carrier', provider: 'dhl_express', operation },
      async (signal) => {
        const body = await providerJson(
          'dhl_express',
          `${this.options.baseUrl}${path}`,
          {
            signal,
            now: this.options.clock.now(),
            method: init.method ?? 'GET',
            headers: {
              authorization,
              accept: 'application/json',
              'x-version': DHL_API_VERSION,
              ...(init.reference ? { 'message-reference': init.reference } : {}),
              ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
          },
          describeDhlProblem,
        );
        return parseDhl(schema, body);
      },
      {
        ...(init.retries ? { retries: init.retries } : {}),
        ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      },
    );
  }

  async quote(request: RateRequest): Promise<CarrierQuote> {
    const credentials = await this.account(request.organizationId);
    let answer: z.infer<typeof dhlRatesSchema>;
    try {
      answer = await this.call('rate', credentials, '/rates', dhlRatesSchema, {
        method: 'POST',
        body: ratesBody(request, credentials.accountNumber),
        retries: READ_RETRIES,
      });
    } catch (error) {
      const failure = dhlCarrierError(error);
      // DHL refusing the route (no product between the two points) is no coverage; anything else
      // is DHL being unreachable for this quote, as the sandbox's simulated outage.
      return {
        rates: [],
        unavailable: failure.code === 'rejected' ? 'no_coverage' : 'carrier_unavailable',
      };
    }
    const rates = answer.products.flatMap((product) => {
      const rate = rateOf(product);
      return rate ? [rate] : [];
    });
    return rates.length > 0 ? { rates } : { rates: [], unavailable: 'no_coverage' };
  }

  async createLabel(request: LabelRequest): Promise<IssuedLabel> {
    const productCode = dhlProductOf(request.serviceKey);
    if (!productCode) {
      throw new CarrierError(
        'dhl_express',
        'rejected',
        `DHL Express no ofrece el servicio ${request.serviceKey}.`,
      );
    }
    const credentials = await this.account(request.organizationId);
    const body = shipmentBody(request, productCode, credentials.accountNumber);
    let created: z.infer<typeof dhlShipmentCreatedSchema>;
    try {
      // Not retried: DHL takes no idempotency key, so a second try could issue a second guide.
      created = await this.call(
        'create_shipment',
        credentials,
        '/shipments',
        dhlShipmentCreatedSchema,
        {
          method: 'POST',
          body,
          reference: request.shipmentId,
        },
      );
    } catch (error) {
      throw dhlCarrierError(error);
    }
    const label = created.documents.find((document) => document.typeCode === 'label');
    if (!label || label.imageFormat.toUpperCase() !== 'PDF') {
      throw new CarrierError(
        'dhl_express',
        'unavailable',
        'DHL Express no entregó la etiqueta PDF.',
      );
    }
    const trackingNumber = created.shipmentTrackingNumber;
    const service = carrierByKey('dhl_express')!.services.find(
      (known) => known.key === request.serviceKey,
    )!;
    const trackingUrl = request.trackingUrl(trackingNumber);
    const zpl = labelZpl(
      request.parcels.map((parcel, index) => ({
        trackingNumber,
        carrierName: 'DHL Express',
        serviceName: service.name.es,
        sandbox: false,
        createdAt: request.createdAt,
        origin: request.origin,
        destination: request.destination,
        packageNumber: index + 1,
        packageCount: request.parcels.length,
        weightKg: parcel.weight_kg.toFixed(2),
        dimensionsCm: `${parcel.length_cm} × ${parcel.width_cm} × ${parcel.height_cm}`,
        reference: request.reference,
        trackingUrl,
      })),
    );
    return {
      trackingNumber,
      carrierReference:
        created.packages.map((piece) => piece.trackingNumber).join(',') || trackingNumber,
      pdf: new Uint8Array(Buffer.from(label.content, 'base64')),
      zpl,
    };
  }

  /** DHL's checkpoints of a guide, raw; `null` when DHL does not know the guide (404). */
  private async checkpoints(
    credentials: CarrierCredentials,
    trackingNumber: string,
    view: 'all-checkpoints' | 'shipment-details-only',
  ): Promise<DhlTrackedShipment | null> {
    try {
      const answer = await this.call(
        'track',
        credentials,
        `/shipments/${encodeURIComponent(trackingNumber)}/tracking?trackingView=${view}&levelOfDetail=all&requestGMTOffsetPerEvent=true`,
        dhlTrackingSchema,
        { retries: READ_RETRIES },
      );
      return (
        answer.shipments.find((shipment) => shipment.shipmentTrackingNumber === trackingNumber) ??
        answer.shipments[0] ??
        null
      );
    } catch (error) {
      // DHL answers 404 for a guide it has no record of: no checkpoints yet.
      if (error instanceof ProviderError && error.details.status === 404) return null;
      throw dhlCarrierError(error);
    }
  }

  async track(request: TrackRequest): Promise<CarrierTrackingEvent[]> {
    const credentials = await this.account(request.organizationId);
    const shipment = await this.checkpoints(credentials, request.trackingNumber, 'all-checkpoints');
    return (shipment?.events ?? []).flatMap((event) => {
      const mapped = DHL_CHECKPOINTS[event.typeCode];
      if (!mapped) return [];
      // DHL gives the local time of the place; we ask for each event's offset and, should one
      // come without it, read it as Mexico City's.
      const offset = event.GMTOffset ?? '-06:00';
      const occurredAt = new Date(`${event.date}T${event.time}${offset}`);
      if (Number.isNaN(occurredAt.getTime())) return [];
      return [
        {
          id: `${request.trackingNumber}:${event.typeCode}:${event.date}T${event.time}${offset}`,
          status: mapped.status,
          code: mapped.code,
          location: event.serviceArea?.[0]?.description ?? null,
          occurredAt,
        },
      ];
    });
  }

  async cancel(request: CancelRequest): Promise<CancellationAccepted> {
    const credentials = await this.account(request.organizationId);
    const shipment = await this.checkpoints(credentials, request.trackingNumber, 'all-checkpoints');
    if (shipment && shipment.events.some((event) => DHL_CHECKPOINTS[event.typeCode])) {
      throw new CarrierError(
        'dhl_express',
        'not_cancellable',
        `DHL Express ya tiene la guía ${request.trackingNumber} en su red; no se puede cancelar.`,
      );
    }
    // MyDHL has no void: a waybill DHL never scans is never billed, so there is nothing to wait for.
    return { confirmsAt: request.requestedAt };
  }

  /**
   * DHL has no pickup-availability endpoint: `address-validate` says whether it collects at the
   * postal code, and the windows are DHL's standard ones (the domain's pickup rules).
   */
  async pickupAvailability(request: PickupAvailabilityRequest): Promise<PickupDayOffer[]> {
    if (!stateOfZip(request.originZip)) return [];
    const credentials = await this.account(request.organizationId);
    try {
      const answer = await this.call(
        'pickup_availability',
        credentials,
        `/address-validate?type=pickup&countryCode=MX&postalCode=${encodeURIComponent(request.originZip)}`,
        dhlAddressValidatedSchema,
        { retries: READ_RETRIES },
      );
      if (answer.address.length === 0) return [];
    } catch (error) {
      const failure = dhlCarrierError(error);
      if (failure.code === 'rejected') return [];
      throw failure;
    }
    return pickupAvailability('dhl_express', request.now);
  }

  /** What DHL's booking needs of each guide: its product and pieces, from DHL's own record. */
  private async pickupShipments(
    credentials: CarrierCredentials,
    trackingNumbers: readonly string[],
  ): Promise<PickupShipment[]> {
    const shipments: PickupShipment[] = [];
    for (const trackingNumber of trackingNumbers) {
      const shipment = await this.checkpoints(credentials, trackingNumber, 'shipment-details-only');
      if (!shipment?.productCode || !DHL_PRODUCTS[shipment.productCode]) continue;
      const pieces = (shipment.pieces ?? []).flatMap((piece) =>
        piece.weight ? [piece.weight] : [],
      );
      const weightsKg =
        pieces.length > 0 ? pieces : shipment.totalWeight ? [shipment.totalWeight] : [];
      if (weightsKg.length === 0) continue;
      shipments.push({
        trackingNumber,
        productCode: shipment.productCode,
        customsDeclarable:
          (shipment.shipperDetails?.postalAddress?.countryCode ?? 'MX') !==
          (shipment.receiverDetails?.postalAddress?.countryCode ?? 'MX'),
        weightsKg,
      });
    }
    return shipments;
  }

  private pickupAddress(request: Omit<PickupRequest, 'trackingNumbers'>) {
    if (!request.address) {
      throw new CarrierError(
        'dhl_express',
        'rejected',
        'DHL Express necesita el domicilio y el teléfono de la recolección.',
      );
    }
    return request.address;
  }

  async schedulePickup(request: PickupRequest): Promise<{ confirmationNumber: string }> {
    const address = this.pickupAddress(request);
    const credentials = await this.account(request.organizationId);
    const shipments = await this.pickupShipments(credentials, request.trackingNumbers);
    try {
      const created = await this.call(
        'schedule_pickup',
        credentials,
        '/pickups',
        dhlPickupCreatedSchema,
        {
          method: 'POST',
          body: pickupBody(request, address, credentials.accountNumber, shipments),
          reference: request.requestId,
        },
      );
      return { confirmationNumber: created.dispatchConfirmationNumbers[0]! };
    } catch (error) {
      throw dhlCarrierError(error);
    }
  }

  async reschedulePickup(
    request: PickupRescheduleRequest,
  ): Promise<{ confirmationNumber: string }> {
    const address = this.pickupAddress(request);
    const credentials = await this.account(request.organizationId);
    try {
      const answer = await this.call(
        'reschedule_pickup',
        credentials,
        `/pickups/${encodeURIComponent(request.confirmationNumber)}`,
        dhlPickupUpdatedSchema,
        {
          method: 'PATCH',
          body: {
            dispatchConfirmationNumber: request.confirmationNumber,
            originalShipperAccountNumber: credentials.accountNumber,
            ...pickupBody(request, address, credentials.accountNumber, []),
          },
          reference: request.requestId,
        },
      );
      return {
        confirmationNumber: answer.dispatchConfirmationNumber ?? request.confirmationNumber,
      };
    } catch (error) {
      throw dhlCarrierError(error);
    }
  }

  async cancelPickup(request: PickupCancelRequest): Promise<void> {
    if (request.date < mexicoDate(request.requestedAt)) {
      throw new CarrierError(
        'dhl_express',
        'not_cancellable',
        `DHL Express: la recolección ${request.confirmationNumber} del ${request.date} ya se cerró.`,
      );
    }
    const credentials = await this.account(request.organizationId);
    try {
      await this.call(
        'cancel_pickup',
        credentials,
        `/pickups/${encodeURIComponent(request.confirmationNumber)}?requestorName=${REQUESTOR}&reason=${encodeURIComponent('not needed')}`,
        z.unknown(),
        { method: 'DELETE' },
      );
    } catch (error) {
      // DHL answers 400 to a pickup already cancelled or completed.
      throw dhlCarrierError(error, { 400: 'not_cancellable' });
    }
  }
}

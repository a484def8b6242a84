import type { Config } from '../../../config';
import type { Clock } from '../../../platform/clock';
import type { ProviderCalls } from '../../../platform/provider-calls';
import type { CarrierAccountResolver, CarrierCredentials } from '../carrier-accounts';
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
import { FedexClient } from './fedex-client';
import { fedexLabelFiles } from './fedex-label';
import { FEDEX_SERVICE_TYPE_OF } from './fedex-mapping';
import { FedexTokens } from './fedex-oauth';
import { fedexRates } from './fedex-rates';
import {
  cancelBody,
  invoiceUploadForm,
  pickupAvailabilityBody,
  pickupBody,
  pickupCancelBody,
  pickupConfirmation,
  rateBody,
  shipBody,
  trackBody,
} from './fedex-requests';
import {
  cancelAnswer,
  documentUploadAnswer,
  pickupAnswer,
  pickupAvailabilityAnswer,
  pickupCancelAnswer,
  rateAnswer,
  shipAnswer,
  trackAnswer,
} from './fedex-wire';
import { fedexEvents } from './fedex-tracking';

/** FedEx's environments (developer.fedex.com): its sandbox for `test`, the live one otherwise. */
export const FEDEX_BASE_URLS = {
  test: 'https://apis-sandbox.fedex.com',
  production: 'https://apis.fedex.com',
} as const;
/** The Trade Documents upload has its own host per environment. */
const FEDEX_DOCUMENTS_URLS = {
  test: 'https://documentapitest.prod.fedex.com/sandbox/documents/v1/etds/upload',
  production: 'https://documentapi.prod.fedex.com/documents/v1/etds/upload',
} as const;

/** Calls that only read may be repeated after a rate limit or an outage. */
const READ_RETRIES = 2;

export interface FedexCarrierOptions {
  mode: 'test' | 'production';
  /** Replaces the environment's address (an HTTP double in tests). */
  baseUrl?: string;
  providerCalls: ProviderCalls;
  accounts: CarrierAccountResolver;
  clock: Clock;
  /** How long FedEx may take to answer one call (tests shorten it). */
  timeoutMs?: number;
}

/**
 * FedEx through its REST APIs (Rate, Ship, Track, Pickup, Trade Documents), with each
 * organization's own account or the platform's. Labels come from FedEx as PNG and are kept as
 * PDF and ZPL (`fedexLabelFiles`); a shipment abroad carries its customs lines and its
 * commercial invoice electronically (ETD).
 */
export class FedexCarrier implements CarrierAdapter {
  readonly key = 'fedex' as const;
  readonly sandbox = false;
  private readonly client: FedexClient;
  private readonly documentsUrl: string;

  constructor(private readonly options: FedexCarrierOptions) {
    const baseUrl = options.baseUrl ?? FEDEX_BASE_URLS[options.mode];
    const tokens = new FedexTokens({
      baseUrl,
      providerCalls: options.providerCalls,
      clock: options.clock,
    });
    this.client = new FedexClient({ ...options, baseUrl, tokens });
    // A double answers every API on its one address.
    this.documentsUrl = options.baseUrl
      ? `${options.baseUrl}/documents/v1/etds/upload`
      : FEDEX_DOCUMENTS_URLS[options.mode];
  }

  private async credentials(organizationId: string): Promise<CarrierCredentials> {
    const credentials = await this.options.accounts.credentialsFor(organizationId, 'fedex');
    if (!credentials) {
      throw new CarrierError(
        'fedex',
        'rejected',
        'No hay una cuenta de FedEx para esta organización: conecta la tuya en Configuración › Paqueterías.',
      );
    }
    return credentials;
  }

  async quote(request: RateRequest): Promise<CarrierQuote> {
    const credentials = await this.credentials(request.organizationId);
    const answer = await this.client.call(credentials, {
      operation: 'rate',
      method: 'POST',
      url: '/rate/v1/rates/quotes',
      body: rateBody(request, credentials.accountNumber),
      answer: rateAnswer,
      retries: READ_RETRIES,
    });
    const rates = fedexRates(answer.output.rateReplyDetails, request);
    return rates.length > 0 ? { rates } : { rates: [], unavailable: 'no_coverage' };
  }

  async createLabel(request: LabelRequest): Promise<IssuedLabel> {
    const serviceType = FEDEX_SERVICE_TYPE_OF[request.serviceKey];
    if (!serviceType) {
      throw new CarrierError(
        'fedex',
        'rejected',
        `FedEx no ofrece el servicio ${request.serviceKey}.`,
      );
    }
    if (request.parcels.length === 0) {
      throw new CarrierError('fedex', 'rejected', 'FedEx: la guía no tiene paquetes.');
    }
    const credentials = await this.credentials(request.organizationId);
    const invoiceId = request.customs?.invoicePdf
      ? await this.uploadInvoice(credentials, request, request.customs.invoicePdf)
      : null;
    // No retries: FedEx takes no idempotency key, so a repeated call could issue a second guide.
    const answer = await this.client.call(credentials, {
      operation: 'ship',
      method: 'POST',
      url: '/ship/v1/shipments',
      body: shipBody(request, serviceType, credentials.accountNumber, invoiceId),
      answer: shipAnswer,
      transactionId: request.shipmentId,
    });
    const shipment = answer.output.transactionShipments[0]!;
    const trackingNumber =
      shipment.masterTrackingNumber ?? shipment.pieceResponses[0]!.trackingNumber;
    const pngs = shipment.pieceResponses.map((piece) => {
      const label =
        piece.packageDocuments.find((document) => document.contentType === 'LABEL') ??
        piece.packageDocuments[0]!;
      return Buffer.from(label.encodedLabel, 'base64');
    });
    let files: { pdf: Uint8Array; zpl: string };
    try {
      files = await fedexLabelFiles(pngs, trackingNumber);
    } catch {
      // A guide nobody can print must not stay billed: void it, and say whether that worked.
      const voided = await this.cancel({
        organizationId: request.organizationId,
        trackingNumber,
        requestedAt: this.options.clock.now(),
      }).then(
        () => true,
        () => false,
      );
      throw new CarrierError(
        'fedex',
        'unavailable',
        voided
          ? `FedEx entregó una etiqueta ilegible; la guía ${trackingNumber} se canceló. Intenta de nuevo.`
          : `FedEx entregó una etiqueta ilegible y no se pudo cancelar la guía ${trackingNumber}: cancélala en FedEx.`,
      );
    }
    return {
      trackingNumber,
      carrierReference: answer.transactionId ?? trackingNumber,
      ...files,
    };
  }

  /** The commercial invoice to FedEx's Trade Documents API; its id goes with the shipment. */
  private async uploadInvoice(
    credentials: CarrierCredentials,
    request: LabelRequest,
    invoice: Uint8Array,
  ): Promise<string> {
    const answer = await this.client.call(credentials, {
      operation: 'upload_invoice',
      method: 'POST',
      url: this.documentsUrl,
      body: invoiceUploadForm(request, invoice),
      answer: documentUploadAnswer,
    });
    return answer.output.meta.docId;
  }

  /** FedEx voids the guide at once and says so; a refusal is final. */
  async cancel(request: CancelRequest): Promise<CancellationAccepted> {
    const credentials = await this.credentials(request.organizationId);
    const answer = await this.client.call(credentials, {
      operation: 'cancel',
      method: 'PUT',
      url: '/ship/v1/shipments/cancel',
      body: cancelBody(request.trackingNumber, credentials.accountNumber),
      answer: cancelAnswer,
      refusal: 'not_cancellable',
    });
    if (!answer.output.cancelledShipment) {
      throw new CarrierError(
        'fedex',
        'not_cancellable',
        `FedEx no canceló la guía ${request.trackingNumber}${answer.output.message ? `: ${answer.output.message}` : '.'}`,
      );
    }
    return { confirmsAt: this.options.clock.now() };
  }

  async track(request: TrackRequest): Promise<CarrierTrackingEvent[]> {
    const credentials = await this.credentials(request.organizationId);
    const answer = await this.client.call(credentials, {
      operation: 'track',
      method: 'POST',
      url: '/track/v1/trackingnumbers',
      body: trackBody(request.trackingNumber),
      answer: trackAnswer,
      retries: READ_RETRIES,
    });
    const result = answer.output.completeTrackResults[0]!.trackResults[0];
    if (!result) return [];
    if (result.error) {
      // A guide FedEx does not know yet (labels show up in tracking within minutes): no events.
      if (result.error.code.includes('NOTFOUND')) return [];
      throw new CarrierError(
        'fedex',
        'rejected',
        `FedEx no pudo rastrear la guía: ${result.error.message ?? ''} [${result.error.code}]`,
      );
    }
    return fedexEvents(request.trackingNumber, result.scanEvents);
  }

  async pickupAvailability(request: PickupAvailabilityRequest): Promise<PickupDayOffer[]> {
    const credentials = await this.credentials(request.organizationId);
    const answer = await this.client.call(credentials, {
      operation: 'pickup_availability',
      method: 'POST',
      url: '/pickup/v1/pickups/availabilities',
      body: pickupAvailabilityBody(request.originZip, request.now),
      answer: pickupAvailabilityAnswer,
      retries: READ_RETRIES,
    });
    const hhmm = (time: string | undefined) => time?.slice(0, 5);
    const days = new Map<string, PickupDayOffer>();
    for (const option of answer.output.options) {
      const start = hhmm(option.defaultReadyTime ?? option.readyTimeOptions?.[0]);
      const end = hhmm(option.latestTimeOptions?.at(-1) ?? option.cutOffTime);
      if (!option.available || !start || !end || start >= end || days.has(option.pickupDate)) {
        continue;
      }
      days.set(option.pickupDate, { date: option.pickupDate, windows: [{ start, end }] });
    }
    return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  }

  async schedulePickup(request: PickupRequest): Promise<{ confirmationNumber: string }> {
    const credentials = await this.credentials(request.organizationId);
    return this.book(credentials, { ...request, packageCount: request.trackingNumbers.length });
  }

  private async book(
    credentials: CarrierCredentials,
    booking: { date: string; start: string; end: string; packageCount: number | null },
  ): Promise<{ confirmationNumber: string }> {
    // No retries: a repeated booking could send two couriers.
    const answer = await this.client.call(credentials, {
      operation: 'pickup',
      method: 'POST',
      url: '/pickup/v1/pickups',
      body: pickupBody(booking, credentials.accountNumber),
      answer: pickupAnswer,
    });
    const { location, pickupConfirmationCode: code } = answer.output;
    return {
      confirmationNumber: pickupConfirmation({
        code,
        ...(location ? { location } : {}),
        date: booking.date,
      }),
    };
  }

  /**
   * FedEx's Pickup API books and cancels but has no call to move a pickup: the booked one is
   * cancelled and a new one booked (a new confirmation number). If the new booking fails, the
   * old one is already gone and the error says so.
   */
  async reschedulePickup(
    request: PickupRescheduleRequest,
  ): Promise<{ confirmationNumber: string }> {
    const credentials = await this.credentials(request.organizationId);
    await this.cancelBooked(credentials, request.confirmationNumber);
    try {
      return await this.book(credentials, { ...request, packageCount: null });
    } catch (error) {
      const reason = error instanceof CarrierError ? error.message : 'FedEx no respondió';
      throw new CarrierError(
        'fedex',
        error instanceof CarrierError ? error.code : 'unavailable',
        `La recolección ${request.confirmationNumber} se canceló, pero FedEx no agendó la nueva: ${reason}`,
      );
    }
  }

  async cancelPickup(request: PickupCancelRequest): Promise<void> {
    const credentials = await this.credentials(request.organizationId);
    await this.cancelBooked(credentials, request.confirmationNumber);
  }

  private async cancelBooked(credentials: CarrierCredentials, confirmationNumber: string) {
    const body = pickupCancelBody(confirmationNumber, credentials.accountNumber);
    if (!body) {
      throw new CarrierError(
        'fedex',
        'rejected',
        `FedEx no reconoce la recolección ${confirmationNumber}.`,
      );
    }
    await this.client.call(credentials, {
      operation: 'pickup_cancel',
      method: 'PUT',
      url: '/pickup/v1/pickups/cancel',
      body,
      answer: pickupCancelAnswer,
      refusal: 'not_cancellable',
    });
  }
}

/** FedEx's adapter when `FEDEX_MODE` switches it on, else null (the sandbox stays). */
export function fedexCarrier(
  deps: { config: Partial<Pick<Config, 'FEDEX_MODE' | 'FEDEX_BASE_URL'>>; clock: Clock },
  live: { providerCalls: ProviderCalls; accounts: CarrierAccountResolver },
): FedexCarrier | null {
  const mode = deps.config.FEDEX_MODE ?? 'sandbox';
  if (mode === 'sandbox') return null;
  return new FedexCarrier({
    mode,
    ...(deps.config.FEDEX_BASE_URL
      ? { baseUrl: deps.config.FEDEX_BASE_URL.replace(/\/$/, '') }
      : {}),
    providerCalls: live.providerCalls,
    accounts: live.accounts,
    clock: deps.clock,
  });
}

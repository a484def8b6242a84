import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP double of the MyDHL API for contract tests: a local server answering the documented
 * request/response shapes of DHL's OpenAPI (3.1), recording every request it receives. Tests
 * queue special answers (errors, rate limits, silence) with `answerNext`; otherwise each route
 * answers its documented success.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface ScriptedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer (the client's timeout must end the call). */
  silent?: boolean;
  /** A body sent as it is, not as JSON. */
  raw?: string;
}

/** A PDF as DHL sends labels (base64 in `documents[].content`). */
export const DHL_LABEL_PDF = '%PDF-1.4\n% DHL Express label\n%%EOF\n';

/** POST /rates: DHL's answer for a shipment from Mexico, in pesos (billing currency MXN). */
export const DHL_RATES = {
  products: [
    {
      productName: 'EXPRESS DOMESTIC',
      productCode: 'N',
      localProductCode: 'N',
      localProductCountryCode: 'MX',
      networkTypeCode: 'TD',
      isCustomerAgreement: true,
      weight: { volumetric: 2.4, provided: 2, unitOfMeasurement: 'metric' },
      totalPrice: [
        { currencyType: 'BILLC', priceCurrency: 'MXN', price: 464 },
        { currencyType: 'PULCL', priceCurrency: 'MXN', price: 580 },
        { currencyType: 'BASEC', priceCurrency: 'USD', price: 27.3 },
      ],
      totalPriceBreakdown: [
        {
          currencyType: 'BILLC',
          priceCurrency: 'MXN',
          priceBreakdown: [
            { typeCode: 'STTXA', price: 64 },
            { typeCode: 'SPRQT', price: 300 },
          ],
        },
      ],
      detailedPriceBreakdown: [
        {
          currencyType: 'BILLC',
          priceCurrency: 'MXN',
          breakdown: [
            { name: 'EXPRESS DOMESTIC', price: 300 },
            { name: 'FUEL SURCHARGE', serviceCode: 'FF', price: 60 },
            { name: 'REMOTE AREA DELIVERY', serviceCode: 'OO', price: 40 },
          ],
        },
      ],
      pickupCapabilities: {
        nextBusinessDay: false,
        localCutoffDateAndTime: '2026-11-30T18:00:00',
        pickupEarliest: '09:00:00',
        pickupLatest: '18:00:00',
      },
      deliveryCapabilities: {
        deliveryTypeCode: 'QDDC',
        estimatedDeliveryDateAndTime: '2026-12-01T23:59:00',
        destinationServiceAreaCode: 'GDL',
        totalTransitDays: 1,
      },
    },
    {
      // A product Despacho does not offer: left out of the quote.
      productName: 'EXPRESS 12:00 DOMESTIC',
      productCode: '1',
      localProductCode: '1',
      weight: { volumetric: 2.4, provided: 2, unitOfMeasurement: 'metric' },
      totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'MXN', price: 700 }],
      deliveryCapabilities: {
        estimatedDeliveryDateAndTime: '2026-12-01T12:00:00',
        totalTransitDays: 1,
      },
    },
  ],
  exchangeRates: [],
};

/** POST /shipments: the guide, its piece and the label. */
export const DHL_SHIPMENT_CREATED = {
  url: 'https://express.api.dhl.com/mydhlapi/shipments/1234567890/tracking',
  shipmentTrackingNumber: '1234567890',
  trackingUrl: 'https://express.api.dhl.com/mydhlapi/shipments/1234567890/tracking',
  packages: [{ referenceNumber: 1, trackingNumber: 'JD914600003889482921' }],
  documents: [
    {
      imageFormat: 'PDF',
      content: Buffer.from(DHL_LABEL_PDF).toString('base64'),
      typeCode: 'label',
    },
  ],
};

/** GET /shipments/{n}/tracking: picked up in Mexico City, through Guadalajara, delivered. */
export function dhlTracking(trackingNumber: string, events: { typeCode: string }[] = []) {
  return {
    shipments: [
      {
        shipmentTrackingNumber: trackingNumber,
        status: 'Success',
        shipmentTimestamp: '2026-11-30T10:00:00',
        productCode: 'N',
        description: 'Ropa',
        shipperDetails: {
          name: 'Tienda',
          postalAddress: { cityName: 'CIUDAD DE MEXICO', postalCode: '06700', countryCode: 'MX' },
          serviceArea: [{ code: 'MEX', description: 'Mexico City-MX' }],
        },
        receiverDetails: {
          name: 'Cliente',
          postalAddress: { cityName: 'GUADALAJARA', postalCode: '44100', countryCode: 'MX' },
          serviceArea: [{ code: 'GDL', description: 'Guadalajara-MX' }],
        },
        totalWeight: 2,
        unitOfMeasurements: 'metric',
        events: events.map((event, index) => ({
          date: '2026-11-30',
          time: `1${index % 10}:00:00`,
          GMTOffset: '-06:00',
          typeCode: event.typeCode,
          description: `DHL checkpoint ${event.typeCode}`,
          serviceArea: [{ code: 'MEX', description: 'Mexico City-MX' }],
        })),
        numberOfPieces: 1,
        pieces: [{ number: 1, trackingNumber: 'JD914600003889482921', weight: 2, events: [] }],
        estimatedDeliveryDate: '2026-12-01',
      },
    ],
  };
}

/** GET /address-validate: DHL serves the postal code. */
export const DHL_ADDRESS_SERVED = {
  address: [
    {
      countryCode: 'MX',
      postalCode: '06700',
      cityName: 'CIUDAD DE MEXICO',
      serviceArea: { code: 'MEX', description: 'Mexico City-MX', GMTOffset: '-06:00' },
    },
  ],
};

/** DHL's problem+json error bodies, as its OpenAPI documents them. */
export function dhlProblem(status: number, title: string, detail: string, extra: string[] = []) {
  return {
    instance: '/expressapi/shipments',
    detail,
    title,
    message: title,
    status: String(status),
    ...(extra.length > 0 ? { additionalDetails: extra } : {}),
  };
}

function defaultAnswer(method: string, path: string): ScriptedAnswer {
  if (method === 'POST' && path === '/rates') return { status: 200, body: DHL_RATES };
  if (method === 'POST' && path === '/shipments')
    return { status: 201, body: DHL_SHIPMENT_CREATED };
  const tracking = /^\/shipments\/([^/]+)\/tracking$/.exec(path);
  if (method === 'GET' && tracking) {
    return { status: 200, body: dhlTracking(decodeURIComponent(tracking[1]!)) };
  }
  if (method === 'GET' && path === '/address-validate') {
    return { status: 200, body: DHL_ADDRESS_SERVED };
  }
  if (method === 'POST' && path === '/pickups') {
    return { status: 201, body: { dispatchConfirmationNumbers: ['PRG201220123456'] } };
  }
  const pickup = /^\/pickups\/([^/]+)$/.exec(path);
  if (method === 'PATCH' && pickup) {
    return {
      status: 200,
      body: { dispatchConfirmationNumber: decodeURIComponent(pickup[1]!), readyByTime: '10:00' },
    };
  }
  if (method === 'DELETE' && pickup) return { status: 200, raw: '' };
  return { status: 404, body: dhlProblem(404, 'Not found', `No route ${method} ${path}`) };
}

export class DhlDouble {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptedAnswer[] = [];
  private readonly waiting = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<DhlDouble> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const double = new DhlDouble(server, `http://127.0.0.1:${port}/mydhlapi/test`);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        double.answer(
          request.method ?? 'GET',
          request.url ?? '/',
          request.headers,
          Buffer.concat(chunks).toString('utf8'),
          response,
        ),
      );
    });
    return double;
  }

  /** The next requests get these answers, in order, whatever their route. */
  answerNext(...answers: ScriptedAnswer[]) {
    this.queue.push(...answers);
  }

  reset() {
    this.requests.length = 0;
    this.queue.length = 0;
  }

  async close() {
    for (const release of this.waiting) release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(
    method: string,
    rawUrl: string,
    headers: IncomingHttpHeaders,
    text: string,
    response: ServerResponse,
  ) {
    const url = new URL(rawUrl, 'http://double');
    const path = url.pathname.replace(/^\/mydhlapi\/test/, '');
    this.requests.push({
      method,
      path,
      query: url.searchParams,
      headers,
      body: text.length > 0 ? JSON.parse(text) : undefined,
    });
    const answer = this.queue.shift() ?? defaultAnswer(method, path);
    if (answer.silent) {
      // Held until the client gives up (its abort closes the socket) or the double closes.
      const release = () => response.destroy();
      this.waiting.add(release);
      response.on('close', () => this.waiting.delete(release));
      return;
    }
    const problem = answer.status >= 400 && answer.raw === undefined;
    response.writeHead(answer.status, {
      'content-type': problem ? 'application/problem+json' : 'application/json',
      ...answer.headers,
    });
    response.end(answer.raw ?? JSON.stringify(answer.body ?? {}));
  }
}

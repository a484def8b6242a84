import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { ManualClock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import { ProviderCalls } from '../../../platform/provider-calls';
import { providerFailures } from '../../../platform/provider-calls.tables';
import type { CarrierAccountResolver, CarrierCredentials } from '../carrier-accounts';
import { FedexCarrier } from './fedex-carrier';

/**
 * An HTTP double of FedEx's REST APIs (OAuth, Rate, Ship, Track, Pickup, Trade Documents) that
 * answers with the request and response shapes of FedEx's API reference, checks the bearer
 * token of every call as FedEx does, and records what it received. Tests queue other answers
 * (errors, silence, garbage) per path with `next`.
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON, the form fields of a token request, or the raw text of a multipart upload. */
  body: unknown;
  raw: string;
}

interface Scripted {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Never answers (a timeout). */
  hang?: boolean;
}

export const FEDEX_ERROR = (code: string, message: string) => ({
  transactionId: '624deea6-b709-470c-8c39-4b5511281492',
  errors: [{ code, message }],
});

/** The label FedEx "prints": a 4×6 in PNG at 200 dpi with a black bar where the barcode goes. */
export async function fedexLabelPng(): Promise<Buffer> {
  const bar = await sharp({
    create: { width: 600, height: 120, channels: 3, background: '#000000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 800, height: 1200, channels: 3, background: '#ffffff' } })
    .composite([{ input: bar, left: 100, top: 900 }])
    .png()
    .toBuffer();
}

/** Accounts the double knows: client id → secret. */
export const PLATFORM: CarrierCredentials = {
  source: 'platform',
  accountNumber: '740561073',
  key: 'l7platformclientid',
  secret: 'platform-secret-value',
};
export const OWN: CarrierCredentials = {
  source: 'organization',
  accountNumber: '802255209',
  key: 'l7ownclientid',
  secret: 'own-secret-value',
};

export class FedexDouble {
  readonly received: ReceivedRequest[] = [];
  private readonly scripted = new Map<string, Scripted[]>();
  private server!: Server;
  base = '';
  /** Tokens still accepted, by token → client id. */
  private readonly valid = new Map<string, string>();
  /** Tokens issued since the last reset, in order. */
  readonly tokens: string[] = [];
  private issued = 0;
  /** Scan events FedEx holds per tracking number (newest first, as FedEx lists them). */
  readonly scans = new Map<string, unknown[]>();
  /** Guides FedEx refuses to void (already moving). */
  readonly notCancellable = new Set<string>();
  private readonly secrets = new Map([
    [PLATFORM.key, PLATFORM.secret],
    [OWN.key, OWN.secret],
  ]);

  constructor(private readonly label: Buffer) {}

  async start() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const type = request.headers['content-type'] ?? '';
        // A multipart upload holds binary parts: read byte for byte; JSON and forms are UTF-8.
        const raw = Buffer.concat(chunks).toString(type.includes('multipart') ? 'latin1' : 'utf8');
        const body = type.includes('json')
          ? (JSON.parse(raw) as unknown)
          : type.includes('urlencoded')
            ? Object.fromEntries(new URLSearchParams(raw))
            : raw;
        this.received.push({
          method: request.method ?? '',
          path,
          headers: request.headers,
          body,
          raw,
        });
        const answer = this.scripted.get(path)?.shift() ?? this.answer(path, request, body);
        if (answer.hang) return;
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          ...answer.headers,
        });
        response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  reset() {
    this.received.length = 0;
    this.tokens.length = 0;
    this.scripted.clear();
    this.scans.clear();
    this.notCancellable.clear();
  }

  /** The next answers on `path`, in order, before the documented default comes back. */
  next(path: string, ...answers: Scripted[]) {
    this.scripted.set(path, [...(this.scripted.get(path) ?? []), ...answers]);
  }

  /** FedEx revokes every token it issued (they expired early). */
  expireTokens() {
    this.valid.clear();
  }

  /** Requests to `path`. */
  to(path: string) {
    return this.received.filter((request) => request.path === path);
  }

  private answer(path: string, request: IncomingMessage, body: unknown): Scripted {
    if (path === '/oauth/token') return this.token(body as Record<string, string>);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !this.valid.has(bearer)) {
      return {
        status: 401,
        body: FEDEX_ERROR(
          'NOT.AUTHORIZED.ERROR',
          'Access token expired. Please modify your request and try again.',
        ),
      };
    }
    const json = body as Record<string, unknown>;
    switch (path) {
      case '/rate/v1/rates/quotes':
        return { status: 200, body: rateReply(json) };
      case '/ship/v1/shipments':
        return { status: 200, body: this.shipReply(json) };
      case '/ship/v1/shipments/cancel':
        return { status: 200, body: this.cancelReply(json) };
      case '/track/v1/trackingnumbers':
        return { status: 200, body: this.trackReply(json) };
      case '/pickup/v1/pickups/availabilities':
        return { status: 200, body: availabilityReply() };
      case '/pickup/v1/pickups':
        return {
          status: 200,
          body: { transactionId: 't-1', output: { pickupConfirmationCode: '7', location: 'NQAA' } },
        };
      case '/pickup/v1/pickups/cancel':
        return {
          status: 200,
          body: {
            transactionId: 't-2',
            output: {
              pickupConfirmationCode: (json as { pickupConfirmationCode: string })
                .pickupConfirmationCode,
              cancelConfirmationMessage: 'Requested pickup has been cancelled Successfully.',
            },
          },
        };
      case '/documents/v1/etds/upload':
        return {
          status: 201,
          body: {
            output: {
              meta: {
                documentType: 'CI',
                docId: '090493e181586308',
                folderId: ['0b0493e1812f8921'],
              },
            },
          },
        };
      default:
        return { status: 404, body: FEDEX_ERROR('NOT.FOUND.ERROR', 'The resource was not found.') };
    }
  }

  private token(form: Record<string, string>): Scripted {
    if (
      form.grant_type !== 'client_credentials' ||
      this.secrets.get(form.client_id ?? '') !== form.client_secret
    ) {
      return {
        status: 401,
        body: FEDEX_ERROR('NOT.AUTHORIZED.ERROR', 'The given client credentials were not valid.'),
      };
    }
    this.issued += 1;
    const token = `eyJ-token-${this.issued}-${form.client_id}`;
    this.valid.set(token, form.client_id!);
    this.tokens.push(token);
    return {
      status: 200,
      body: { access_token: token, token_type: 'bearer', expires_in: 3599, scope: 'CXS-TP' },
    };
  }

  private shipReply(json: { requestedShipment?: { requestedPackageLineItems?: unknown[] } }) {
    const pieces = json.requestedShipment?.requestedPackageLineItems ?? [];
    const label = this.label.toString('base64');
    return {
      transactionId: '8ab4fd4e-5c1f-4a53-b5b4-5c6b1f1e2c3d',
      output: {
        transactionShipments: [
          {
            serviceType: 'STANDARD_OVERNIGHT',
            shipDatestamp: '2026-11-30',
            masterTrackingNumber: '794953555571',
            pieceResponses: pieces.map((_piece, index) => ({
              trackingNumber: String(794953555571 + index),
              packageSequenceNumber: index + 1,
              packageDocuments: [
                { contentType: 'LABEL', copiesToPrint: 1, docType: 'PNG', encodedLabel: label },
              ],
            })),
            alerts: [],
          },
        ],
      },
    };
  }

  private cancelReply(json: { trackingNumber?: string }) {
    const refused = this.notCancellable.has(json.trackingNumber ?? '');
    return {
      transactionId: 'c-1',
      output: refused
        ? {
            cancelledShipment: false,
            cancelledHistory: false,
            message: 'Shipment already in transit',
          }
        : { cancelledShipment: true, cancelledHistory: true, successMessage: 'Success' },
    };
  }

  private trackReply(json: {
    trackingInfo?: { trackingNumberInfo?: { trackingNumber?: string } }[];
  }) {
    const trackingNumber = json.trackingInfo?.[0]?.trackingNumberInfo?.trackingNumber ?? '';
    const scans = this.scans.get(trackingNumber);
    return {
      transactionId: 'tr-1',
      output: {
        completeTrackResults: [
          {
            trackingNumber,
            trackResults: [
              scans
                ? {
                    trackingNumberInfo: { trackingNumber, carrierCode: 'FDXE' },
                    latestStatusDetail: { code: 'IT', derivedCode: 'IT' },
                    scanEvents: scans,
                  }
                : {
                    trackingNumberInfo: { trackingNumber },
                    error: {
                      code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
                      message:
                        'Tracking number cannot be found. Please correct the tracking number and try again.',
                    },
                  },
            ],
          },
        ],
      },
    };
  }
}

function ratedDetail(net: number, surcharges: { type: string; amount: number }[]) {
  return {
    rateType: 'ACCOUNT',
    currency: 'NMP',
    totalBaseCharge: net - 20,
    totalNetCharge: net,
    shipmentRateDetail: {
      rateZone: 'MX04',
      currency: 'NMP',
      totalTaxes: 16,
      surCharges: surcharges,
      totalBillingWeight: { units: 'KG', value: 3 },
    },
  };
}

/** Domestic or international services by the recipient's country, one FedEx has that we lack. */
function rateReply(json: {
  requestedShipment?: { recipient?: { address?: { countryCode?: string } } };
}) {
  const abroad = json.requestedShipment?.recipient?.address?.countryCode !== 'MX';
  const fuel = { type: 'FUEL', amount: 24.5 };
  const services = abroad
    ? [
        ['FEDEX_INTERNATIONAL_PRIORITY', 1250.75, 'TWO_DAYS'],
        ['INTERNATIONAL_ECONOMY', 980, 'FIVE_DAYS'],
        ['FEDEX_INTERNATIONAL_PRIORITY_EXPRESS', 1500, 'ONE_DAY'],
      ]
    : [
        ['STANDARD_OVERNIGHT', 316.5, 'ONE_DAY'],
        ['FEDEX_EXPRESS_SAVER', 250, 'THREE_DAYS'],
        ['FEDEX_PRIORITY_OVERNIGHT', 400, 'ONE_DAY'],
      ];
  return {
    transactionId: 'r-1',
    output: {
      rateReplyDetails: services.map(([serviceType, net, transitTime], index) => ({
        serviceType,
        serviceName: String(serviceType),
        packagingType: 'YOUR_PACKAGING',
        ratedShipmentDetails: [
          { ...ratedDetail(Number(net), [fuel]), currency: 'USD', rateType: 'LIST' },
          // The list price in pesos too: never the one we quote.
          { ...ratedDetail(Number(net) * 2, [fuel]), rateType: 'LIST' },
          ratedDetail(
            Number(net),
            index === 1 ? [fuel, { type: 'OUT_OF_DELIVERY_AREA', amount: 55 }] : [fuel],
          ),
        ],
        operationalDetail: {
          transitTime,
          deliveryDate: index === 0 ? '2026-12-01T10:30:00' : undefined,
        },
      })),
      quoteDate: '2026-11-30',
    },
  };
}

function availabilityReply() {
  return {
    transactionId: 'p-1',
    output: {
      requestTimestamp: '2026-11-30T09:00:00',
      options: [
        {
          carrier: 'FDXE',
          available: true,
          pickupDate: '2026-11-30',
          cutOffTime: '16:00:00',
          defaultReadyTime: '10:00:00',
          readyTimeOptions: ['09:00:00', '10:00:00'],
          latestTimeOptions: ['15:00:00', '18:00:00'],
          scheduleDay: 'SAME_DAY',
        },
        {
          carrier: 'FDXE',
          available: false,
          pickupDate: '2026-12-01',
          cutOffTime: '16:00:00',
          scheduleDay: 'FUTURE_DAY',
        },
        {
          carrier: 'FDXE',
          available: true,
          pickupDate: '2026-12-02',
          cutOffTime: '16:00:00',
          readyTimeOptions: ['09:00:00'],
          scheduleDay: 'FUTURE_DAY',
        },
      ],
    },
  };
}

/** The adapter against the double, with ProviderCalls that never wait and keep failures here. */
export function fedexAgainst(
  double: FedexDouble,
  accounts: Record<string, CarrierCredentials | null> = {},
  /** Long enough for a loaded machine; the timeout test shortens it. */
  timeoutMs = 10_000,
) {
  const clock = new ManualClock(new Date('2026-11-30T15:00:00Z'));
  const failures: {
    operation: string;
    code: string;
    message: string;
    providerCode: string | null;
  }[] = [];
  const waits: number[] = [];
  // A stand-in for the provider tables: the failures ProviderCalls would store for staff (its
  // successes' upsert is answered and forgotten).
  const db = {
    insert: (table: unknown) => ({
      values: (row: (typeof failures)[number]) => {
        if (table === providerFailures) failures.push(row);
        return Object.assign(Promise.resolve(), { onConflictDoUpdate: async () => undefined });
      },
    }),
  } as unknown as Db;
  const providerCalls = new ProviderCalls({
    db,
    clock,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const resolver: CarrierAccountResolver = {
    credentialsFor: async (organizationId) =>
      organizationId in accounts ? accounts[organizationId]! : PLATFORM,
  };
  const carrier = new FedexCarrier({
    mode: 'test',
    baseUrl: double.base,
    providerCalls,
    accounts: resolver,
    clock,
    timeoutMs,
  });
  return { carrier, clock, failures, waits };
}

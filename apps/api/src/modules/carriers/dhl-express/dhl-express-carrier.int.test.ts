import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-app';
import { ManualClock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import { ProviderCalls } from '../../../platform/provider-calls';
import { providerFailures } from '../../../platform/provider-calls.tables';
import type { CarrierCredentials } from '../carrier-accounts';
import { CarrierError, type LabelRequest } from '../carrier-adapter';
import { carrierAdapters } from '../carrier-adapters';
import { sampleLabel } from '../label.test-support';
import { DhlExpressCarrier, dhlExpressCarrier } from './dhl-express-carrier';
import {
  DHL_LABEL_PDF,
  DHL_RATES,
  DhlDouble,
  dhlProblem,
  dhlTracking,
} from './dhl-express.test-support';

const ORG = '00000000-0000-4000-8000-000000000001';
const OWN_ORG = '00000000-0000-4000-8000-000000000002';
const NO_ACCOUNT_ORG = '00000000-0000-4000-8000-000000000003';

const PLATFORM: CarrierCredentials = {
  source: 'platform',
  accountNumber: '980123456',
  key: 'platform-key',
  secret: 'platform-secret!',
};
const OWN: CarrierCredentials = {
  source: 'organization',
  accountNumber: '951999888',
  key: 'own-key',
  secret: 'own-secret',
};

let db: Db;
let dhl: DhlDouble;
const clock = new ManualClock(new Date('2026-11-30T16:00:00Z'));
const waits: number[] = [];
let carrier: DhlExpressCarrier;
const asked: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  dhl = await DhlDouble.start();
  const providerCalls = new ProviderCalls({
    db,
    clock,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  carrier = dhlExpressCarrier(
    { config: { DHL_EXPRESS_MODE: 'test', DHL_EXPRESS_BASE_URL: dhl.url }, clock },
    {
      providerCalls,
      accounts: {
        // The resolver decides the account; the adapter uses what it is given.
        async credentialsFor(organizationId, key) {
          asked.push(`${organizationId}:${key}`);
          if (organizationId === OWN_ORG) return OWN;
          if (organizationId === NO_ACCOUNT_ORG) return null;
          return PLATFORM;
        },
      },
    },
  )!;
});
afterAll(async () => {
  await dhl.close();
  await db.$client.end();
});
beforeEach(async () => {
  dhl.reset();
  waits.length = 0;
  asked.length = 0;
  await db.delete(providerFailures);
});

const basic = (credentials: CarrierCredentials) =>
  `Basic ${Buffer.from(`${credentials.key}:${credentials.secret}`).toString('base64')}`;

const parcel = { weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 10 };

const rateRequest = (organizationId = ORG) => ({
  organizationId,
  originZip: '06700',
  destinationZip: '44100',
  parcels: [parcel],
  shipDate: new Date('2026-11-30T16:00:00Z'),
});

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  const { origin, destination } = sampleLabel();
  return {
    organizationId: ORG,
    serviceKey: 'domestic_express',
    shipmentId: '6f1c2b9e-8c1a-4c55-9d55-2b7f3f0d1a10',
    origin,
    destination,
    parcels: [parcel],
    reference: 'PED-10045',
    goods: [
      {
        description: 'Playeras de algodón',
        quantity: 2,
        satProductCode: '53103000',
        satUnitCode: 'H87',
        unitValue: 25_000,
      },
    ],
    trackingUrl: (number) => `https://despacho.mx/t/${number}`,
    createdAt: new Date('2026-11-30T16:00:00Z'),
    ...overrides,
  };
}

const failures = () => db.select().from(providerFailures);

describe('DHL Express: switched on by configuration', () => {
  it('stays the sandbox unless DHL_EXPRESS_MODE says test or production', () => {
    const live = {
      providerCalls: {} as ProviderCalls,
      accounts: { credentialsFor: async () => null },
    };
    expect(dhlExpressCarrier({ config: { DHL_EXPRESS_MODE: 'sandbox' }, clock }, live)).toBeNull();
    expect(dhlExpressCarrier({ config: {}, clock }, live)).toBeNull();
    const adapters = carrierAdapters({
      config: {
        CARRIER_SANDBOX_FAILURE_RATE: 0,
        CARRIER_SANDBOX_CANCEL_DELAY_SECONDS: 0,
        CARRIER_SANDBOX_LABEL_DELAY_MS: 0,
        DHL_EXPRESS_MODE: 'production',
      },
      postalCodes: { allSettlementsRural: async () => false },
      clock,
      live,
    });
    expect(adapters.dhl_express).toBeInstanceOf(DhlExpressCarrier);
    expect(adapters.dhl_express.sandbox).toBe(false);
    expect(adapters.fedex.sandbox).toBe(true);
  });
});

describe('DHL Express: rates', () => {
  it('asks /rates with the account, metric parcels and the planned time, and maps its products', async () => {
    const quote = await carrier.quote(rateRequest());
    const [request] = dhl.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/rates' });
    expect(request!.headers.authorization).toBe(basic(PLATFORM));
    expect(request!.headers['x-version']).toBe('3.1.0');
    expect(request!.body).toEqual({
      customerDetails: {
        shipperDetails: { postalCode: '06700', cityName: 'Ciudad de México', countryCode: 'MX' },
        receiverDetails: { postalCode: '44100', cityName: 'Jalisco', countryCode: 'MX' },
      },
      accounts: [{ typeCode: 'shipper', number: '980123456' }],
      plannedShippingDateAndTime: '2026-11-30T10:00:00 GMT-06:00',
      unitOfMeasurement: 'metric',
      isCustomsDeclarable: false,
      packages: [{ weight: 2, dimensions: { length: 30, width: 20, height: 10 } }],
    });
    // EXPRESS DOMESTIC (N) is ours; EXPRESS 12:00 (1) is left out. Total 464 − tax 64 = 400:
    // fuel 60, remote area 40, the rest base.
    expect(quote).toEqual({
      rates: [
        {
          serviceKey: 'domestic_express',
          zone: 0,
          billableWeightKg: 2.4,
          base: 30_000,
          fuelSurcharge: 6_000,
          extendedZoneSurcharge: 4_000,
          extendedZone: true,
          transitDays: { min: 1, max: 1 },
          estimatedDelivery: '2026-12-01',
        },
      ],
    });
  });

  it('declares goods abroad as dutiable and maps EXPRESS WORLDWIDE', async () => {
    dhl.answerNext({
      status: 200,
      body: {
        products: [{ ...DHL_RATES.products[0], productCode: 'P', detailedPriceBreakdown: [] }],
      },
    });
    const quote = await carrier.quote({
      ...rateRequest(),
      destinationCountry: 'US',
      destinationZip: '78701',
    });
    expect(dhl.requests[0]!.body).toMatchObject({
      isCustomsDeclarable: true,
      customerDetails: { receiverDetails: { postalCode: '78701', countryCode: 'US' } },
    });
    expect(quote.rates.map((rate) => [rate.serviceKey, rate.base, rate.fuelSurcharge])).toEqual([
      ['express_worldwide', 40_000, 0],
    ]);
  });

  it('answers no coverage when DHL offers none of our products or refuses the route', async () => {
    dhl.answerNext({ status: 200, body: { products: [DHL_RATES.products[1]] } });
    expect(await carrier.quote(rateRequest())).toEqual({ rates: [], unavailable: 'no_coverage' });
    dhl.answerNext({
      status: 400,
      body: dhlProblem(400, 'Product not found', '1001: The requested product(s) not available'),
    });
    expect(await carrier.quote(rateRequest())).toEqual({ rates: [], unavailable: 'no_coverage' });
  });

  it("retries DHL's rate limit after its Retry-After, then answers", async () => {
    dhl.answerNext({
      status: 429,
      body: dhlProblem(429, 'Too many requests', 'Rate limit'),
      headers: { 'retry-after': '2' },
    });
    const quote = await carrier.quote(rateRequest());
    expect(quote.rates).toHaveLength(1);
    expect(dhl.requests).toHaveLength(2);
    expect(waits).toEqual([2000]);
    expect((await failures()).map((row) => [row.code, row.httpStatus])).toEqual([
      ['rate_limited', 429],
    ]);
  });

  it('is unavailable when DHL stays down (500, 503) after its retries, and says so to staff', async () => {
    dhl.answerNext(
      { status: 500, body: dhlProblem(500, 'Internal Server Error', 'Unexpected error') },
      { status: 503, body: dhlProblem(503, 'Service Unavailable', 'Maintenance') },
      { status: 503, body: dhlProblem(503, 'Service Unavailable', 'Maintenance') },
    );
    expect(await carrier.quote(rateRequest())).toEqual({
      rates: [],
      unavailable: 'carrier_unavailable',
    });
    expect(dhl.requests).toHaveLength(3);
    const rows = await failures();
    expect(rows.map((row) => [row.operation, row.code, row.httpStatus]).sort()).toEqual([
      ['rate', 'unavailable', 500],
      ['rate', 'unavailable', 503],
      ['rate', 'unavailable', 503],
    ]);
  });

  it('reads an answer without products as malformed, recorded for staff', async () => {
    dhl.answerNext({ status: 200, body: { nothing: true } });
    expect(await carrier.quote(rateRequest())).toEqual({
      rates: [],
      unavailable: 'carrier_unavailable',
    });
    dhl.answerNext({ status: 200, raw: '<html>gateway</html>' });
    await carrier.quote(rateRequest());
    const codes = (await failures()).map((row) => row.code);
    expect(codes).toEqual(['malformed', 'malformed']);
    expect(dhl.requests).toHaveLength(2); // malformed is DHL's answer: not retried
  });
});

describe('DHL Express: accounts', () => {
  it("calls with the organization's own account when the resolver gives it", async () => {
    await carrier.quote(rateRequest(OWN_ORG));
    expect(asked).toEqual([`${OWN_ORG}:dhl_express`]);
    expect(dhl.requests[0]!.headers.authorization).toBe(basic(OWN));
    expect(dhl.requests[0]!.body).toMatchObject({
      accounts: [{ typeCode: 'shipper', number: '951999888' }],
    });
  });

  it('refuses an organization without an account, calling nothing', async () => {
    const refused = await carrier
      .createLabel(labelRequest({ organizationId: NO_ACCOUNT_ORG }))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused).toMatchObject({ carrier: 'dhl_express', code: 'unavailable' });
    expect((refused as Error).message).toMatch(/no hay una cuenta de DHL/);
    await expect(
      carrier.track({ organizationId: NO_ACCOUNT_ORG, trackingNumber: '1234567890' }),
    ).rejects.toBeInstanceOf(CarrierError);
    expect(dhl.requests).toEqual([]);
  });

  it("never stores the account's secret with a failure", async () => {
    dhl.answerNext({ status: 401, body: dhlProblem(401, 'Unauthorized', 'Invalid credentials') });
    await expect(carrier.createLabel(labelRequest())).rejects.toMatchObject({
      code: 'unavailable',
    });
    const stored = JSON.stringify(await failures());
    expect(stored).not.toContain(PLATFORM.secret);
    expect(stored).not.toContain(
      Buffer.from(`${PLATFORM.key}:${PLATFORM.secret}`).toString('base64'),
    );
  });
});

describe('DHL Express: labels', () => {
  it("issues the guide with DHL's PDF label and a ZPL twin, sending Carta Porte goods as the content", async () => {
    const label = await carrier.createLabel(labelRequest());
    const [request] = dhl.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/shipments' });
    expect(request!.headers['message-reference']).toBe('6f1c2b9e-8c1a-4c55-9d55-2b7f3f0d1a10');
    expect(request!.body).toMatchObject({
      plannedShippingDateAndTime: '2026-11-30T10:00:00 GMT-06:00',
      pickup: { isRequested: false },
      productCode: 'N',
      accounts: [{ typeCode: 'shipper', number: '980123456' }],
      outputImageProperties: {
        encodingFormat: 'pdf',
        imageOptions: [{ typeCode: 'label', templateName: 'ECOM26_A6_002' }],
      },
      customerReferences: [{ value: 'PED-10045', typeCode: 'CU' }],
      customerDetails: {
        shipperDetails: {
          postalAddress: {
            postalCode: '68000',
            cityName: 'Oaxaca de Juárez',
            countryCode: 'MX',
            addressLine1: 'Calle Macedonio Alcalá 402 B',
          },
          contactInformation: { phone: '951 123 4567', fullName: 'Lucía Pérez Núñez' },
        },
        receiverDetails: { postalAddress: { postalCode: '64000', cityName: 'Monterrey' } },
      },
      content: {
        packages: [{ weight: 2, dimensions: { length: 30, width: 20, height: 10 } }],
        isCustomsDeclarable: false,
        declaredValue: 500,
        declaredValueCurrency: 'MXN',
        description: 'Playeras de algodón',
        incoterm: 'DAP',
        unitOfMeasurement: 'metric',
      },
    });
    expect(label.trackingNumber).toBe('1234567890');
    expect(label.carrierReference).toBe('JD914600003889482921');
    expect(Buffer.from(label.pdf).toString()).toBe(DHL_LABEL_PDF);
    expect(label.zpl).toContain('^XA');
    expect(label.zpl).toContain('1234567890');
    expect(label.zpl).not.toContain('SANDBOX');
  });

  it('declares a shipment abroad: HS codes in commodityCodes, origin, values, invoice and paperless trade', async () => {
    const invoicePdf = new Uint8Array(Buffer.from('%PDF-1.4 invoice'));
    await carrier.createLabel(
      labelRequest({
        serviceKey: 'express_worldwide',
        destination: {
          ...sampleLabel().destination,
          country: 'US',
          zip: '78701',
          city: 'Austin',
          state: 'TX',
        },
        customs: {
          incoterm: 'DDP',
          reason: 'SALE',
          invoiceNumber: 'F-2026-001',
          invoiceDate: '2026-11-30',
          currency: 'USD',
          items: [
            {
              description: 'Cotton T-shirts',
              hsCode: '610910',
              originCountry: 'MX',
              quantity: 2,
              unitValue: 1_250,
              weightKg: 0.3,
            },
          ],
          invoicePdf,
        },
      }),
    );
    const body = dhl.requests[0]!.body as Record<string, unknown>;
    expect(body.productCode).toBe('P');
    expect(body.valueAddedServices).toEqual([{ serviceCode: 'WY' }]);
    expect(body.documentImages).toEqual([
      { typeCode: 'INV', imageFormat: 'PDF', content: Buffer.from(invoicePdf).toString('base64') },
    ]);
    expect(body.content).toMatchObject({
      isCustomsDeclarable: true,
      declaredValue: 25,
      declaredValueCurrency: 'USD',
      incoterm: 'DDP',
      description: 'Cotton T-shirts',
      exportDeclaration: {
        lineItems: [
          {
            number: 1,
            description: 'Cotton T-shirts',
            price: 12.5,
            quantity: { value: 2, unitOfMeasurement: 'PCS' },
            commodityCodes: [{ typeCode: 'outbound', value: '610910' }],
            manufacturerCountry: 'MX',
            weight: { netValue: 0.3, grossValue: 0.3 },
          },
        ],
        invoice: { number: 'F-2026-001', date: '2026-11-30' },
        exportReason: 'SALE',
        exportReasonType: 'commercial_purpose_or_sale',
      },
    });
  });

  it('sends no paperless trade without the invoice image', async () => {
    await carrier.createLabel(
      labelRequest({
        serviceKey: 'express_worldwide',
        customs: {
          incoterm: 'DAP',
          reason: 'GIFT',
          invoiceNumber: 'F-1',
          invoiceDate: '2026-11-30',
          currency: 'USD',
          items: [
            {
              description: 'Mug',
              hsCode: '691200',
              originCountry: 'MX',
              quantity: 1,
              unitValue: 900,
              weightKg: 0.4,
            },
          ],
        },
      }),
    );
    const body = dhl.requests[0]!.body as Record<string, unknown>;
    expect(body.valueAddedServices).toBeUndefined();
    expect(body.documentImages).toBeUndefined();
  });

  it.each([
    [
      400,
      dhlProblem(400, 'Bad request', '8003: Account not allowed for this service.'),
      'rejected',
      '8003',
    ],
    [404, dhlProblem(404, 'Not found', 'Resource not found'), 'rejected', 'Not found'],
    [
      422,
      dhlProblem(422, 'Validation error', 'Multiple problems found, see Additional Details', [
        '#/customerDetails/receiverDetails/postalAddress/cityName: expected maxLength: 45, actual: 49',
      ]),
      'rejected',
      'Validation error',
    ],
  ])(
    "refuses with DHL's own words on %i, kept for staff with DHL's code",
    async (status, body, code, providerCode) => {
      dhl.answerNext({ status, body });
      const refused = (await carrier
        .createLabel(labelRequest())
        .catch((error: unknown) => error)) as CarrierError;
      expect(refused).toBeInstanceOf(CarrierError);
      expect(refused.code).toBe(code);
      expect(refused.message).toContain(body.detail);
      if (body.additionalDetails) expect(refused.message).toContain(body.additionalDetails[0]);
      const [row] = await failures();
      expect(row).toMatchObject({
        operation: 'create_shipment',
        code: 'rejected',
        httpStatus: status,
        providerCode,
      });
    },
  );

  it.each([500, 503])(
    'never retries a shipment on %i (DHL takes no idempotency key)',
    async (status) => {
      dhl.answerNext({ status, body: dhlProblem(status, 'Server error', 'Try later') });
      await expect(carrier.createLabel(labelRequest())).rejects.toMatchObject({
        code: 'unavailable',
      });
      expect(dhl.requests).toHaveLength(1);
    },
  );

  it('times out a silent DHL without a second guide', async () => {
    const silentCarrier = new DhlExpressCarrier({
      baseUrl: dhl.url,
      providerCalls: new ProviderCalls({ db, clock, sleep: async () => undefined }),
      accounts: { credentialsFor: async () => PLATFORM },
      clock,
      timeoutMs: 50,
    });
    dhl.answerNext({ status: 200, silent: true });
    await expect(silentCarrier.createLabel(labelRequest())).rejects.toMatchObject({
      code: 'timeout',
    });
    expect(dhl.requests).toHaveLength(1);
    expect((await failures()).map((row) => row.code)).toEqual(['timeout']);
  });

  it('refuses a service DHL does not issue and a party without a phone, before calling', async () => {
    await expect(
      carrier.createLabel(labelRequest({ serviceKey: 'same_day' })),
    ).rejects.toMatchObject({ code: 'rejected' });
    const { destination } = sampleLabel();
    await expect(
      carrier.createLabel(labelRequest({ destination: { ...destination, phone: null } })),
    ).rejects.toThrow(/teléfono/);
    expect(dhl.requests).toEqual([]);
  });
});

describe('DHL Express: tracking and cancellation', () => {
  it("maps DHL's checkpoints with their time and place, skipping codes it does not document", async () => {
    dhl.answerNext({
      status: 200,
      body: dhlTracking('1234567890', [
        { typeCode: 'PU' },
        { typeCode: 'AF' },
        { typeCode: 'ZZ' },
        { typeCode: 'OK' },
      ]),
    });
    const events = await carrier.track({ organizationId: ORG, trackingNumber: '1234567890' });
    const [request] = dhl.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/shipments/1234567890/tracking' });
    expect(request!.query.get('trackingView')).toBe('all-checkpoints');
    expect(events).toEqual([
      {
        id: '1234567890:PU:2026-11-30T10:00:00-06:00',
        status: 'IN_TRANSIT',
        code: 'picked_up',
        location: 'Mexico City-MX',
        occurredAt: new Date('2026-11-30T16:00:00Z'),
      },
      {
        id: '1234567890:AF:2026-11-30T11:00:00-06:00',
        status: 'IN_TRANSIT',
        code: 'arrived_at_hub',
        location: 'Mexico City-MX',
        occurredAt: new Date('2026-11-30T17:00:00Z'),
      },
      {
        id: '1234567890:OK:2026-11-30T13:00:00-06:00',
        status: 'DELIVERED',
        code: 'delivered',
        location: 'Mexico City-MX',
        occurredAt: new Date('2026-11-30T19:00:00Z'),
      },
    ]);
  });

  it("reads an event without DHL's offset as Mexico City time", async () => {
    const body = dhlTracking('1234567890', [{ typeCode: 'WC' }]);
    delete (body.shipments[0]!.events[0] as { GMTOffset?: string }).GMTOffset;
    dhl.answerNext({ status: 200, body });
    const [event] = await carrier.track({ organizationId: ORG, trackingNumber: '1234567890' });
    expect(event).toMatchObject({
      code: 'out_for_delivery',
      occurredAt: new Date('2026-11-30T16:00:00Z'),
    });
  });

  it('retries tracking after a rate limit and answers [] for a guide DHL does not know', async () => {
    dhl.answerNext(
      {
        status: 429,
        body: dhlProblem(429, 'Too many requests', 'Slow down'),
        headers: { 'retry-after': '1' },
      },
      { status: 404, body: dhlProblem(404, 'Not found', 'Shipment not found') },
    );
    expect(await carrier.track({ organizationId: ORG, trackingNumber: '0000000000' })).toEqual([]);
    expect(waits).toEqual([1000]);
  });

  it('cancels at once a guide DHL has not scanned (an unused waybill is never billed)', async () => {
    const requestedAt = new Date('2026-11-30T18:00:00Z');
    expect(
      await carrier.cancel({ organizationId: ORG, trackingNumber: '1234567890', requestedAt }),
    ).toEqual({ confirmsAt: requestedAt });
    expect(dhl.requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('refuses to cancel a guide DHL already holds', async () => {
    dhl.answerNext({ status: 200, body: dhlTracking('1234567890', [{ typeCode: 'PU' }]) });
    await expect(
      carrier.cancel({
        organizationId: ORG,
        trackingNumber: '1234567890',
        requestedAt: clock.now(),
      }),
    ).rejects.toMatchObject({ code: 'not_cancellable' });
  });
});

describe('DHL Express: pickups', () => {
  const { origin } = sampleLabel();
  const pickup = {
    organizationId: ORG,
    originZip: '06700',
    date: '2026-12-01',
    start: '09:00',
    end: '14:00',
    trackingNumbers: ['1234567890'],
    requestId: 'a3f1c2b9-8c1a-4c55-9d55-2b7f3f0d1a10',
    address: origin,
  };

  it("answers DHL's windows where address-validate says it collects, none where it does not", async () => {
    const days = await carrier.pickupAvailability({
      organizationId: ORG,
      originZip: '06700',
      now: clock.now(),
    });
    expect(dhl.requests[0]).toMatchObject({ method: 'GET', path: '/address-validate' });
    expect(dhl.requests[0]!.query.get('type')).toBe('pickup');
    expect(dhl.requests[0]!.query.get('postalCode')).toBe('06700');
    // 10:00 in Mexico City: today's windows from DHL's 90 minutes' notice on.
    expect(days[0]).toEqual({
      date: '2026-11-30',
      windows: [
        { start: '11:30', end: '14:00' },
        { start: '14:00', end: '18:00' },
      ],
    });
    dhl.answerNext({
      status: 400,
      body: dhlProblem(400, 'Bad request', '7001: No pickup service'),
    });
    expect(
      await carrier.pickupAvailability({
        organizationId: ORG,
        originZip: '06700',
        now: clock.now(),
      }),
    ).toEqual([]);
  });

  it("books with the pickup's address and each guide's product and pieces from DHL", async () => {
    expect(await carrier.schedulePickup(pickup)).toEqual({ confirmationNumber: 'PRG201220123456' });
    const post = dhl.requests.find((request) => request.method === 'POST')!;
    expect(post.path).toBe('/pickups');
    expect(post.body).toMatchObject({
      plannedPickupDateAndTime: '2026-12-01T09:00:00 GMT-06:00',
      closeTime: '14:00',
      accounts: [{ typeCode: 'shipper', number: '980123456' }],
      customerDetails: {
        shipperDetails: {
          postalAddress: { postalCode: '68000' },
          contactInformation: { phone: '951 123 4567' },
        },
      },
      shipmentDetails: [
        {
          productCode: 'N',
          isCustomsDeclarable: false,
          unitOfMeasurement: 'metric',
          shipmentTrackingNumber: '1234567890',
          packages: [{ weight: 2 }],
        },
      ],
    });
  });

  it('refuses a pickup without its address, calling nothing', async () => {
    await expect(carrier.schedulePickup({ ...pickup, address: undefined })).rejects.toMatchObject({
      code: 'rejected',
    });
    expect(dhl.requests).toEqual([]);
  });

  it('moves a pickup with PATCH, naming the original shipper account', async () => {
    const moved = await carrier.reschedulePickup({
      ...pickup,
      confirmationNumber: 'PRG201220123456',
      date: '2026-12-02',
    });
    expect(moved).toEqual({ confirmationNumber: 'PRG201220123456' });
    expect(dhl.requests[0]).toMatchObject({ method: 'PATCH', path: '/pickups/PRG201220123456' });
    expect(dhl.requests[0]!.body).toMatchObject({
      dispatchConfirmationNumber: 'PRG201220123456',
      originalShipperAccountNumber: '980123456',
      plannedPickupDateAndTime: '2026-12-02T09:00:00 GMT-06:00',
    });
    dhl.answerNext({
      status: 404,
      body: dhlProblem(404, 'Pickup not found', ' Requested Pickup was not found'),
    });
    await expect(
      carrier.reschedulePickup({ ...pickup, confirmationNumber: 'PRG000' }),
    ).rejects.toMatchObject({ code: 'rejected' });
  });

  it('calls off a pickup with DELETE, and refuses one DHL already closed', async () => {
    const cancel = {
      organizationId: ORG,
      confirmationNumber: 'PRG201220123456',
      originZip: '06700',
      date: '2026-12-01',
      requestedAt: clock.now(),
    };
    await carrier.cancelPickup(cancel);
    expect(dhl.requests[0]).toMatchObject({ method: 'DELETE', path: '/pickups/PRG201220123456' });
    expect(dhl.requests[0]!.query.get('requestorName')).toBe('Despacho');
    expect(dhl.requests[0]!.query.get('reason')).toBeTruthy();
    dhl.answerNext({
      status: 400,
      body: dhlProblem(400, 'Bad request', 'Pickup already cancelled or completed'),
    });
    await expect(carrier.cancelPickup(cancel)).rejects.toMatchObject({ code: 'not_cancellable' });
    await expect(carrier.cancelPickup({ ...cancel, date: '2026-11-29' })).rejects.toMatchObject({
      code: 'not_cancellable',
    });
    expect(dhl.requests).toHaveLength(2);
  });
});

import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import type { ProviderCalls } from '../../../platform/provider-calls';
import { CarrierError, type LabelRequest } from '../carrier-adapter';
import { carrierAdapters } from '../carrier-adapters';
import { FedexCarrier } from './fedex-carrier';
import { fedexAgainst, FedexDouble, fedexLabelPng, PLATFORM } from './fedex.test-support';

let double: FedexDouble;

beforeAll(async () => {
  double = new FedexDouble(await fedexLabelPng());
  await double.start();
});
afterAll(() => double.stop());
beforeEach(() => double.reset());

const parcel = { length_cm: 30, width_cm: 20, height_cm: 15, weight_kg: 2.5 };

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    organizationId: 'org-1',
    serviceKey: 'standard_overnight',
    shipmentId: 'shp_01JFEDEX',
    origin: {
      name: 'Lucía Pérez',
      company: 'Artesanías Oaxaqueñas',
      phone: '9511234567',
      street: 'Calle Macedonio Alcalá',
      exteriorNumber: '402',
      interiorNumber: 'B',
      neighborhood: 'Centro',
      city: 'Oaxaca de Juárez',
      state: 'Oaxaca',
      zip: '68000',
    },
    destination: {
      name: 'José Gutiérrez',
      phone: '8187654321',
      street: 'Avenida Constitución',
      exteriorNumber: '1500',
      neighborhood: 'Zona Centro',
      city: 'Monterrey',
      state: 'Nuevo León',
      zip: '64000',
    },
    parcels: [parcel, { ...parcel, weight_kg: 1 }],
    reference: 'PED-10045',
    goods: [],
    trackingUrl: (number) => `https://despacho.mx/t/${number}`,
    createdAt: new Date('2026-11-30T15:00:00Z'),
    ...overrides,
  };
}

const abroad = (overrides: Partial<LabelRequest['customs']> = {}): Partial<LabelRequest> => ({
  serviceKey: 'international_priority',
  destination: {
    name: 'Jane Doe',
    phone: '5125550100',
    street: 'Congress Ave',
    exteriorNumber: '100',
    neighborhood: 'Suite 200',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
  },
  parcels: [parcel],
  customs: {
    incoterm: 'DDP',
    reason: 'SALE',
    invoiceNumber: 'FAC-2026-0042',
    invoiceDate: '2026-11-30',
    currency: 'USD',
    items: [
      {
        description: 'Cotton T-shirt',
        hsCode: '6109.10',
        originCountry: 'MX',
        quantity: 3,
        unitValue: 1250,
        weightKg: 0.25,
      },
    ],
    ...overrides,
  },
});

describe('FedEx rates', () => {
  it('quotes the catalogue services in pesos before VAT, with the token and the account', async () => {
    const { carrier } = fedexAgainst(double);
    const quote = await carrier.quote({
      organizationId: 'org-1',
      originZip: '68000',
      destinationZip: '64000',
      parcels: [parcel],
      shipDate: new Date('2026-11-30T15:00:00Z'),
    });
    // FEDEX_PRIORITY_OVERNIGHT is not in the catalogue: left out.
    expect(quote.rates.map((rate) => rate.serviceKey)).toEqual([
      'standard_overnight',
      'express_saver',
    ]);
    expect(quote.rates[0]).toEqual({
      serviceKey: 'standard_overnight',
      zone: 4,
      billableWeightKg: 3,
      // 316.50 net − 16 taxes = 300.50, of which 24.50 fuel.
      base: 27_600,
      fuelSurcharge: 2_450,
      extendedZoneSurcharge: 0,
      extendedZone: false,
      transitDays: { min: 1, max: 1 },
      estimatedDelivery: '2026-12-01',
    });
    expect(quote.rates[1]).toMatchObject({
      // 250 net − 16 taxes, less fuel and the out-of-area surcharge.
      base: 23_400 - 2_450 - 5_500,
      extendedZoneSurcharge: 5_500,
      extendedZone: true,
      transitDays: { min: 3, max: 3 },
    });

    const [token] = double.to('/oauth/token');
    expect(token?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: PLATFORM.key,
      client_secret: PLATFORM.secret,
    });
    const [rate] = double.to('/rate/v1/rates/quotes');
    expect(double.tokens).toHaveLength(1);
    expect(rate?.headers.authorization).toBe(`Bearer ${double.tokens[0]}`);
    expect(rate?.body).toMatchObject({
      accountNumber: { value: PLATFORM.accountNumber },
      requestedShipment: {
        shipper: { address: { postalCode: '68000', countryCode: 'MX' } },
        recipient: { address: { postalCode: '64000', countryCode: 'MX' } },
        shipDateStamp: '2026-11-30',
        preferredCurrency: 'NMP',
        requestedPackageLineItems: [
          {
            weight: { units: 'KG', value: 2.5 },
            dimensions: { length: 30, width: 20, height: 15, units: 'CM' },
          },
        ],
      },
    });
    expect(rate?.body).not.toHaveProperty('requestedShipment.customsClearanceDetail');
  });

  it('quotes only international services for a parcel abroad', async () => {
    const { carrier } = fedexAgainst(double);
    const quote = await carrier.quote({
      organizationId: 'org-1',
      originZip: '68000',
      destinationZip: '78701',
      destinationCountry: 'US',
      parcels: [parcel],
      shipDate: new Date('2026-11-30T15:00:00Z'),
    });
    expect(quote.rates.map((rate) => [rate.serviceKey, rate.transitDays.max])).toEqual([
      ['international_priority', 2],
      ['international_economy', 5],
    ]);
    expect(double.to('/rate/v1/rates/quotes')[0]?.body).toMatchObject({
      requestedShipment: {
        recipient: { address: { postalCode: '78701', countryCode: 'US' } },
        customsClearanceDetail: {
          dutiesPayment: { paymentType: 'SENDER' },
          commodities: [{ quantity: 1, weight: { units: 'KG', value: 2.5 } }],
        },
      },
    });
  });
});

describe('FedEx labels', () => {
  it('issues one guide with a PNG label per package, kept as a PDF page and a ZPL graphic each', async () => {
    const { carrier } = fedexAgainst(double);
    const label = await carrier.createLabel(labelRequest());
    expect(label.trackingNumber).toBe('794953555571');
    expect(label.carrierReference).toBe('8ab4fd4e-5c1f-4a53-b5b4-5c6b1f1e2c3d');

    const pdf = await PDFDocument.load(label.pdf);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(pdf.getTitle()).toBe('794953555571');

    const graphics = label.zpl.split('\n');
    expect(graphics).toHaveLength(2);
    // 800 × 1200 dots, printed dot for dot: 100 bytes a row.
    expect(graphics[0]).toMatch(
      /^\^XA\^PW812\^LL1218\^FO0,0\^GFA,120000,120000,100,[0-9A-F]+\^FS\^XZ$/,
    );
    const hex = /,100,([0-9A-F]+)\^FS/.exec(graphics[0]!)![1]!;
    // Row 950 crosses the black bar drawn from x = 100 to 700: bytes 12 (partly) to 87 black.
    const row = hex.slice(950 * 200, 951 * 200);
    expect(row.slice(0, 24)).toBe('0'.repeat(24));
    expect(row.slice(24, 26)).toBe('0F');
    expect(row.slice(26, 174)).toBe('F'.repeat(148));
    expect(row.slice(174, 176)).toBe('F0');
    // Row 10 is white.
    expect(hex.slice(10 * 200, 11 * 200)).toBe('0'.repeat(200));

    const [ship] = double.to('/ship/v1/shipments');
    expect(ship?.headers['x-customer-transaction-id']).toBe('shp_01JFEDEX');
    expect(ship?.body).toMatchObject({
      labelResponseOptions: 'LABEL',
      accountNumber: { value: PLATFORM.accountNumber },
      requestedShipment: {
        serviceType: 'STANDARD_OVERNIGHT',
        shipDatestamp: '2026-11-30',
        shipper: {
          contact: { personName: 'Lucía Pérez', phoneNumber: '9511234567' },
          address: {
            streetLines: ['Calle Macedonio Alcalá 402 Int. B', 'Centro'],
            postalCode: '68000',
            countryCode: 'MX',
          },
        },
        shippingChargesPayment: {
          paymentType: 'SENDER',
          payor: { responsibleParty: { accountNumber: { value: PLATFORM.accountNumber } } },
        },
        labelSpecification: { imageType: 'PNG', labelStockType: 'PAPER_4X6' },
        totalPackageCount: 2,
      },
    });
    const shipment = (ship?.body as { requestedShipment: Record<string, unknown> })
      .requestedShipment;
    expect(shipment).not.toHaveProperty('customsClearanceDetail');
    // A Mexican state is a name, not a FedEx code: left for FedEx to derive from the postal code.
    expect(shipment.shipper).not.toHaveProperty('address.stateOrProvinceCode');
  });

  it('sends customs lines with HS codes and uploads the commercial invoice for a DDP parcel abroad', async () => {
    const { carrier } = fedexAgainst(double);
    const invoicePdf = new TextEncoder().encode('%PDF-1.7 invoice FAC-2026-0042');
    await carrier.createLabel(labelRequest(abroad({ invoicePdf })));

    const [upload] = double.to('/documents/v1/etds/upload');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload?.raw).toContain('"shipDocumentType":"COMMERCIAL_INVOICE"');
    expect(upload?.raw).toContain('"destinationCountryCode":"US"');
    expect(upload?.raw).toContain('%PDF-1.7 invoice FAC-2026-0042');

    const [ship] = double.to('/ship/v1/shipments');
    expect(double.received.indexOf(upload!)).toBeLessThan(double.received.indexOf(ship!));
    expect(ship?.body).toMatchObject({
      requestedShipment: {
        serviceType: 'FEDEX_INTERNATIONAL_PRIORITY',
        recipients: [{ address: { stateOrProvinceCode: 'TX', countryCode: 'US' } }],
        customsClearanceDetail: {
          dutiesPayment: {
            paymentType: 'SENDER',
            payor: { responsibleParty: { accountNumber: { value: PLATFORM.accountNumber } } },
          },
          commercialInvoice: {
            shipmentPurpose: 'SOLD',
            termsOfSale: 'DDP',
            customerReferences: [
              { customerReferenceType: 'INVOICE_NUMBER', value: 'FAC-2026-0042' },
            ],
          },
          totalCustomsValue: { amount: 37.5, currency: 'USD' },
          commodities: [
            {
              description: 'Cotton T-shirt',
              harmonizedCode: '610910',
              countryOfManufacture: 'MX',
              quantity: 3,
              quantityUnits: 'PCS',
              unitPrice: { amount: 12.5, currency: 'USD' },
              customsValue: { amount: 37.5, currency: 'USD' },
              weight: { units: 'KG', value: 0.75 },
            },
          ],
        },
        shipmentSpecialServices: {
          specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
          etdDetail: {
            attachedDocuments: [
              { documentType: 'COMMERCIAL_INVOICE', documentId: '090493e181586308' },
            ],
          },
        },
      },
    });
  });

  it('has FedEx generate the invoice (ETD) when none is given, the receiver paying duties under DAP', async () => {
    const { carrier } = fedexAgainst(double);
    await carrier.createLabel(labelRequest(abroad({ incoterm: 'DAP', currency: 'MXN' })));
    expect(double.to('/documents/v1/etds/upload')).toEqual([]);
    const [ship] = double.to('/ship/v1/shipments');
    expect(ship?.body).toMatchObject({
      requestedShipment: {
        customsClearanceDetail: {
          dutiesPayment: { paymentType: 'RECIPIENT' },
          commercialInvoice: { termsOfSale: 'DAP' },
          totalCustomsValue: { currency: 'NMP' },
        },
        shipmentSpecialServices: { etdDetail: { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] } },
        shippingDocumentSpecification: { shippingDocumentTypes: ['COMMERCIAL_INVOICE'] },
      },
    });
  });

  it('refuses a service FedEx does not have before calling it', async () => {
    const { carrier } = fedexAgainst(double);
    await expect(
      carrier.createLabel(labelRequest({ serviceKey: 'terrestre' })),
    ).rejects.toMatchObject({
      code: 'rejected',
    });
    expect(double.received).toEqual([]);
  });
});

describe('FedEx cancellation', () => {
  it('voids a guide at once when FedEx says it cancelled it', async () => {
    const { carrier, clock } = fedexAgainst(double);
    const accepted = await carrier.cancel({
      organizationId: 'org-1',
      trackingNumber: '794953555571',
      requestedAt: clock.now(),
    });
    expect(accepted.confirmsAt).toEqual(clock.now());
    const [cancel] = double.to('/ship/v1/shipments/cancel');
    expect(cancel?.method).toBe('PUT');
    expect(cancel?.body).toEqual({
      accountNumber: { value: PLATFORM.accountNumber },
      trackingNumber: '794953555571',
      deletionControl: 'DELETE_ALL_PACKAGES',
      emailShipment: false,
      senderCountryCode: 'MX',
    });
  });

  it('is not cancellable when FedEx answers it did not cancel, or refuses the request', async () => {
    const { carrier, clock } = fedexAgainst(double);
    double.notCancellable.add('794953555571');
    const request = {
      organizationId: 'org-1',
      trackingNumber: '794953555571',
      requestedAt: clock.now(),
    };
    await expect(carrier.cancel(request)).rejects.toMatchObject({
      code: 'not_cancellable',
      message: expect.stringContaining('Shipment already in transit'),
    });
    double.next('/ship/v1/shipments/cancel', {
      status: 400,
      body: {
        transactionId: 'x',
        errors: [
          { code: 'TRACKING.TRACKINGNUMBER.NOTFOUND', message: 'Tracking number not found.' },
        ],
      },
    });
    await expect(carrier.cancel(request)).rejects.toMatchObject({
      code: 'not_cancellable',
      message: expect.stringContaining('[TRACKING.TRACKINGNUMBER.NOTFOUND]'),
    });
  });
});

describe('FedEx tracking', () => {
  it("maps FedEx's scans onto our timeline, oldest first, skipping undocumented codes", async () => {
    const { carrier } = fedexAgainst(double);
    double.scans.set('794953555571', [
      {
        date: '2026-12-01T10:14:00-06:00',
        eventType: 'DL',
        derivedStatusCode: 'DL',
        eventDescription: 'Delivered',
        scanLocation: { city: 'MONTERREY', stateOrProvinceCode: 'NL', countryCode: 'MX' },
      },
      { date: '2026-12-01T07:00:00-06:00', eventType: 'ZZ', eventDescription: 'Something new' },
      {
        date: '2026-12-01T06:30:00-06:00',
        eventType: 'DY',
        eventDescription: 'Delay',
        exceptionDescription: 'Severe weather conditions have delayed delivery',
      },
      { date: '2026-11-30T18:00:00-06:00', eventType: 'PU', eventDescription: 'Picked up' },
      { date: '2026-11-30T09:00:00-06:00', eventType: 'OC', derivedStatusCode: 'IN' },
    ]);
    const events = await carrier.track({ organizationId: 'org-1', trackingNumber: '794953555571' });
    expect(events.map((event) => [event.status, event.code, event.location])).toEqual([
      ['CREATED', 'label_created', null],
      ['IN_TRANSIT', 'picked_up', null],
      ['IN_TRANSIT', 'delayed_weather', null],
      ['DELIVERED', 'delivered', 'MONTERREY, NL, MX'],
    ]);
    expect(events[3]).toMatchObject({
      id: '794953555571:DL:2026-12-01T10:14:00-06:00',
      occurredAt: new Date('2026-12-01T16:14:00Z'),
    });
    expect(double.to('/track/v1/trackingnumbers')[0]?.body).toEqual({
      includeDetailedScans: true,
      trackingInfo: [{ trackingNumberInfo: { trackingNumber: '794953555571' } }],
    });
  });

  it('has no events yet for a guide FedEx does not know', async () => {
    const { carrier } = fedexAgainst(double);
    expect(
      await carrier.track({ organizationId: 'org-1', trackingNumber: '111111111111' }),
    ).toEqual([]);
  });
});

describe('FedEx pickups', () => {
  it('offers the days FedEx has, from its ready time to its latest time', async () => {
    const { carrier, clock } = fedexAgainst(double);
    const days = await carrier.pickupAvailability({
      organizationId: 'org-1',
      originZip: '68000',
      now: clock.now(),
    });
    expect(days).toEqual([
      { date: '2026-11-30', windows: [{ start: '10:00', end: '18:00' }] },
      { date: '2026-12-02', windows: [{ start: '09:00', end: '16:00' }] },
    ]);
    expect(double.to('/pickup/v1/pickups/availabilities')[0]?.body).toMatchObject({
      pickupAddress: { postalCode: '68000', countryCode: 'MX' },
      dispatchDate: '2026-11-30',
      carriers: ['FDXE'],
    });
  });

  it('books, cancels by code, location and day, and reschedules as cancel then book', async () => {
    const { carrier, clock } = fedexAgainst(double);
    const booking = {
      organizationId: 'org-1',
      originZip: '68000',
      date: '2026-12-02',
      start: '10:00',
      end: '18:00',
      requestId: 'pk_1',
    };
    const { confirmationNumber } = await carrier.schedulePickup({
      ...booking,
      trackingNumbers: ['794953555571', '794953555572'],
    });
    expect(confirmationNumber).toBe('7.NQAA.20261202');
    expect(double.to('/pickup/v1/pickups')[0]?.body).toEqual({
      associatedAccountNumber: { value: PLATFORM.accountNumber },
      originDetail: {
        pickupAddressType: 'ACCOUNT',
        readyDateTimestamp: '2026-12-02T10:00:00',
        customerCloseTime: '18:00:00',
      },
      carrierCode: 'FDXE',
      packageCount: 2,
    });

    const moved = await carrier.reschedulePickup({
      ...booking,
      date: '2026-12-03',
      confirmationNumber,
    });
    expect(moved.confirmationNumber).toBe('7.NQAA.20261203');
    expect(double.received.slice(-2).map((request) => request.path)).toEqual([
      '/pickup/v1/pickups/cancel',
      '/pickup/v1/pickups',
    ]);
    expect(double.to('/pickup/v1/pickups/cancel')[0]?.body).toEqual({
      associatedAccountNumber: { value: PLATFORM.accountNumber },
      pickupConfirmationCode: '7',
      scheduledDate: '2026-12-02',
      location: 'NQAA',
      carrierCode: 'FDXE',
    });

    await carrier.cancelPickup({
      organizationId: 'org-1',
      originZip: '68000',
      confirmationNumber: moved.confirmationNumber,
      date: '2026-12-03',
      requestedAt: clock.now(),
    });
    expect(double.to('/pickup/v1/pickups/cancel')[1]?.body).toMatchObject({
      scheduledDate: '2026-12-03',
    });
  });

  it('refuses a confirmation number it never gave, and says so when a reschedule loses the booking', async () => {
    const { carrier, clock } = fedexAgainst(double);
    const cancel = carrier.cancelPickup({
      organizationId: 'org-1',
      originZip: '68000',
      confirmationNumber: 'FDX-0000000001',
      date: '2026-12-02',
      requestedAt: clock.now(),
    });
    await expect(cancel).rejects.toBeInstanceOf(CarrierError);
    expect(double.received).toEqual([]);

    double.next('/pickup/v1/pickups', {
      status: 400,
      body: {
        transactionId: 'x',
        errors: [{ code: 'PICKUP.READYTIME.INVALID', message: 'Ready time is past the cutoff.' }],
      },
    });
    const moved = carrier.reschedulePickup({
      organizationId: 'org-1',
      originZip: '68000',
      date: '2026-12-03',
      start: '17:00',
      end: '18:00',
      requestId: 'pk_1',
      confirmationNumber: '7.NQAA.20261202',
    });
    await expect(moved).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringMatching(/7\.NQAA\.20261202 se canceló.*PICKUP\.READYTIME\.INVALID/),
    });
  });
});

describe('FedEx switched on by configuration', () => {
  const deps = (FEDEX_MODE?: 'sandbox' | 'test' | 'production') => ({
    config: {
      CARRIER_SANDBOX_FAILURE_RATE: 0,
      CARRIER_SANDBOX_CANCEL_DELAY_SECONDS: 300,
      CARRIER_SANDBOX_LABEL_DELAY_MS: 0,
      ...(FEDEX_MODE ? { FEDEX_MODE } : {}),
      FEDEX_BASE_URL: 'http://127.0.0.1:1/',
    },
    postalCodes: {} as never,
    clock: new ManualClock(),
    live: {
      providerCalls: {} as ProviderCalls,
      accounts: { credentialsFor: async () => null },
    },
  });

  it('replaces the sandbox only when FEDEX_MODE is test or production', () => {
    expect(carrierAdapters(deps()).fedex.sandbox).toBe(true);
    expect(carrierAdapters(deps('sandbox')).fedex.sandbox).toBe(true);
    const { live: _live, ...withoutLive } = deps('production');
    expect(carrierAdapters(withoutLive).fedex.sandbox).toBe(true);
    for (const mode of ['test', 'production'] as const) {
      const adapters = carrierAdapters(deps(mode));
      expect(adapters.fedex).toBeInstanceOf(FedexCarrier);
      expect(adapters.dhl_express.sandbox).toBe(true);
    }
  });
});

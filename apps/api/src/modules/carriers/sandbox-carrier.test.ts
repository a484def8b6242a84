import { CARRIER_KEYS, carrierByKey, type QuoteParcel } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { CarrierError, type LabelRequest, type RateRequest } from './carrier-adapter';
import { carrierAdapters } from './carrier-adapters';
import type { ExtendedZoneLookup } from './extended-zones';
import { isTrackingNumberOf, SandboxCarrier, sandboxTrackingNumber } from './sandbox-carrier';
import { SANDBOX_TARIFFS } from './sandbox-tariffs';

/** The organization every request is made for (the sandbox ignores it). */
const ORG = '7d2f0c3e-5b1a-4c6d-8e9f-0a1b2c3d4e5f';

const NOW = new Date('2026-03-02T16:00:00Z'); // Monday 10:00 in Mexico City
const clock = new ManualClock(NOW);

const parcel = (weight: number, length = 20, width = 15, height = 10): QuoteParcel => ({
  length_cm: length,
  width_cm: width,
  height_cm: height,
  weight_kg: weight,
});

const extendedZips = (...zips: string[]): ExtendedZoneLookup => ({
  isExtended: (zip) => Promise.resolve(zips.includes(zip)),
});

function sandbox(
  key: keyof typeof SANDBOX_TARIFFS,
  options: { random?: () => number; failureRate?: number; extended?: string[] } = {},
) {
  return new SandboxCarrier({
    tariff: SANDBOX_TARIFFS[key],
    extendedZones: extendedZips(...(options.extended ?? [])),
    clock,
    cancelDelaySeconds: 120,
    ...(options.failureRate === undefined ? {} : { failureRate: options.failureRate }),
    ...(options.random ? { random: options.random } : {}),
  });
}

const request = (overrides: Partial<RateRequest> = {}): RateRequest => ({
  organizationId: ORG,
  originZip: '06700', // Mexico City
  destinationZip: '54000', // State of Mexico: zone 2
  parcels: [parcel(1)],
  shipDate: NOW,
  ...overrides,
});

const party = (zip: string) => ({
  name: 'Ana López',
  street: 'Av. Juárez',
  exteriorNumber: '10',
  neighborhood: 'Centro',
  city: 'Ciudad de México',
  state: 'Ciudad de México',
  zip,
});

const labelRequest = (overrides: Partial<LabelRequest> = {}): LabelRequest => ({
  organizationId: ORG,
  serviceKey: 'terrestre',
  shipmentId: '0b6f5c1e-3f7a-4b7e-9a51-2c1f4d0e8a11',
  origin: party('06700'),
  destination: party('64000'),
  parcels: [parcel(1.5), parcel(2)],
  reference: 'Pedido 1001',
  goods: [],
  trackingUrl: (number) => `https://despacho.test/t/${number}`,
  createdAt: NOW,
  ...overrides,
});

/** A source of "random" numbers that answers the given values in turn. */
const sequence = (...values: number[]) => {
  let next = 0;
  return () => values[next++ % values.length]!;
};

describe('SandboxCarrier quotes', () => {
  it('prices zone × kilogram plus the fuel surcharge, with a delivery estimate', async () => {
    const quote = await sandbox('estafeta').quote(request());
    expect(quote.unavailable).toBeUndefined();
    expect(quote.rates.map((rate) => rate.serviceKey)).toEqual([
      'dia_siguiente',
      'dos_dias',
      'terrestre',
    ]);
    const ground = quote.rates.find((rate) => rate.serviceKey === 'terrestre')!;
    // Zone 2 ground, 1 kg: 125.00 MXN plus 12.5% fuel (15.63).
    expect(ground).toEqual({
      serviceKey: 'terrestre',
      zone: 2,
      billableWeightKg: 1,
      base: 12_500,
      fuelSurcharge: 1_563,
      extendedZoneSurcharge: 0,
      extendedZone: false,
      transitDays: { min: 3, max: 4 },
      estimatedDelivery: '2026-03-06', // Monday + 4 business days
    });
    // Two parcels are priced each on its own billable weight: 2 kg (1.01) and 2 kg (volumetric).
    const two = await sandbox('estafeta').quote(
      request({ parcels: [parcel(1.01), parcel(0.4, 30, 20, 15)] }),
    );
    const twoGround = two.rates.find((rate) => rate.serviceKey === 'terrestre')!;
    expect(twoGround.billableWeightKg).toBe(4);
    expect(twoGround.base).toBe(2 * (12_500 + 1_600));
  });

  it('keeps ground prices of 1 kg to a neighbouring state in the Mexican range (120–180 MXN)', async () => {
    for (const key of ['estafeta', 'paquetexpress', 'redpack'] as const) {
      const quote = await sandbox(key).quote(request());
      const cheapest = Math.min(...quote.rates.map((rate) => rate.base + rate.fuelSurcharge));
      expect(cheapest).toBeGreaterThanOrEqual(12_000);
      expect(cheapest).toBeLessThanOrEqual(18_000);
    }
  });

  it('adds the extended-zone surcharge and days when the destination is rural', async () => {
    const carrier = sandbox('fedex', { extended: ['54000'] });
    const [urban, rural] = await Promise.all([
      carrier.quote(request({ destinationZip: '54010' })),
      carrier.quote(request({ destinationZip: '54000' })),
    ]);
    const saverUrban = urban.rates.find((rate) => rate.serviceKey === 'express_saver')!;
    const saverRural = rural.rates.find((rate) => rate.serviceKey === 'express_saver')!;
    expect(saverUrban.extendedZone).toBe(false);
    expect(saverUrban.extendedZoneSurcharge).toBe(0);
    expect(saverRural.extendedZone).toBe(true);
    expect(saverRural.extendedZoneSurcharge).toBe(SANDBOX_TARIFFS.fedex.extendedZoneSurcharge);
    // Same base and fuel; the surcharge comes on top (fuel is on the base only).
    expect(saverRural.base).toBe(saverUrban.base);
    expect(saverRural.fuelSurcharge).toBe(Math.round((saverUrban.base * 1800) / 10_000));
    expect(saverRural.transitDays.max).toBe(saverUrban.transitDays.max + 1);
    expect(saverRural.estimatedDelivery > saverUrban.estimatedDelivery).toBe(true);
    const total = (rate: typeof saverRural) =>
      rate.base + rate.fuelSurcharge + rate.extendedZoneSurcharge;
    expect(total(saverRural) - total(saverUrban)).toBe(21_000);
  });

  it('refuses rural destinations where the carrier does not deliver (99minutos)', async () => {
    const quote = await sandbox('99minutos', { extended: ['54000'] }).quote(request());
    expect(quote).toEqual({ rates: [], unavailable: 'no_coverage' });
  });

  it('refuses a 80 kg parcel on services capped at 70 kg (weight_limit)', async () => {
    const heavy = request({ parcels: [parcel(1), parcel(80)] });
    for (const key of ['estafeta', 'fedex', 'dhl_express', 'redpack'] as const) {
      expect(await sandbox(key).quote(heavy)).toEqual({ rates: [], unavailable: 'weight_limit' });
    }
    // Paquetexpress ground takes up to 100 kg: only that service answers.
    const paquetexpress = await sandbox('paquetexpress').quote(heavy);
    expect(paquetexpress.unavailable).toBeUndefined();
    expect(paquetexpress.rates.map((rate) => rate.serviceKey)).toEqual(['estandar']);
    expect(paquetexpress.rates[0]!.billableWeightKg).toBe(81);
    // Volumetric weight counts too: 100 × 100 × 40 cm is 80 kg volumetric.
    expect(await sandbox('fedex').quote(request({ parcels: [parcel(5, 100, 100, 40)] }))).toEqual({
      rates: [],
      unavailable: 'weight_limit',
    });
  });

  it('refuses parcels over the size limits (size_limit)', async () => {
    // 160 cm long: over Estafeta's 150 cm side.
    expect(await sandbox('estafeta').quote(request({ parcels: [parcel(2, 160, 10, 10)] }))).toEqual(
      { rates: [], unavailable: 'size_limit' },
    );
    // 110 × 60 × 50: side fine for DHL (120) but length + girth 330 > 300.
    expect(
      await sandbox('dhl_express').quote(request({ parcels: [parcel(2, 110, 60, 50)] })),
    ).toEqual({ rates: [], unavailable: 'size_limit' });
    // FedEx takes the same box (side 274, length + girth 330).
    expect(
      (await sandbox('fedex').quote(request({ parcels: [parcel(2, 110, 60, 50)] }))).rates,
    ).toHaveLength(2);
  });

  it('offers 99minutos same day only inside one metropolitan area', async () => {
    const carrier = sandbox('99minutos');
    const metro = await carrier.quote(request()); // Mexico City → State of Mexico
    expect(metro.rates.map((rate) => [rate.serviceKey, rate.transitDays.max])).toEqual([
      ['same_day', 0],
      ['next_day', 1],
    ]);
    expect(metro.rates[0]!.estimatedDelivery).toBe('2026-03-02');
    // Mexico City → Guadalajara: two metropolitan areas, next day only.
    const between = await carrier.quote(request({ destinationZip: '44100' }));
    expect(between.rates.map((rate) => rate.serviceKey)).toEqual(['next_day']);
    // Mexico City → Mérida: not served at all; nor from a town outside its areas.
    expect(await carrier.quote(request({ destinationZip: '97000' }))).toEqual({
      rates: [],
      unavailable: 'no_coverage',
    });
    expect(await carrier.quote(request({ organizationId: ORG, originZip: '29000' }))).toEqual({
      rates: [],
      unavailable: 'no_coverage',
    });
  });

  it('does not offer DHL Express Worldwide between two Mexican postal codes', async () => {
    const quote = await sandbox('dhl_express').quote(request({ destinationZip: '97000' }));
    expect(quote.rates.map((rate) => rate.serviceKey)).toEqual(['domestic_express']);
    expect(quote.rates[0]!.zone).toBe(5);
  });

  it('answers no_coverage for a postal code of no state', async () => {
    expect(await sandbox('estafeta').quote(request({ destinationZip: '18000' }))).toEqual({
      rates: [],
      unavailable: 'no_coverage',
    });
  });

  it('fails at the configured rate, decided by the injected random source', async () => {
    const carrier = sandbox('redpack', { failureRate: 0.3, random: sequence(0.29, 0.3, 0.9) });
    expect(await carrier.quote(request())).toEqual({
      rates: [],
      unavailable: 'carrier_unavailable',
    });
    expect((await carrier.quote(request())).rates).toHaveLength(2);
    expect((await carrier.quote(request())).rates).toHaveLength(2);
    // The label request draws from the same source: 0.29 fails, 0.3 does not.
    const label = carrier.createLabel(labelRequest({ serviceKey: 'express' }));
    await expect(label).rejects.toMatchObject({ code: 'unavailable', carrier: 'redpack' });
    await expect(label).rejects.toBeInstanceOf(CarrierError);
    await expect(
      carrier.createLabel(labelRequest({ serviceKey: 'express' })),
    ).resolves.toBeDefined();
    // A rate of 0 never asks the random source.
    const never = sandbox('redpack', {
      random: () => {
        throw new Error('not asked');
      },
    });
    expect((await never.quote(request())).rates).toHaveLength(2);
  });
});

describe('SandboxCarrier guides', () => {
  it('derives the guide number from the shipment id, in each carrier format', () => {
    const id = '0b6f5c1e-3f7a-4b7e-9a51-2c1f4d0e8a11';
    const other = '7d1e0c55-8a7b-4f3e-b1c2-5e9d2a4f6b30';
    const formats = {
      estafeta: /^[1-9]\d{21}$/,
      fedex: /^[1-9]\d{11}$/,
      dhl_express: /^[1-9]\d{9}$/,
      paquetexpress: /^[1-9]\d{14}$/,
      redpack: /^[1-9]\d{8}$/,
      '99minutos': /^99M[1-9]\d{9}$/,
    };
    const numbers = new Set<string>();
    for (const key of CARRIER_KEYS) {
      const format = SANDBOX_TARIFFS[key].trackingFormat;
      const number = sandboxTrackingNumber(key, format, id);
      expect(number).toMatch(formats[key]);
      expect(sandboxTrackingNumber(key, format, id)).toBe(number);
      expect(sandboxTrackingNumber(key, format, other)).not.toBe(number);
      expect(isTrackingNumberOf(format, number)).toBe(true);
      numbers.add(number);
    }
    expect(numbers.size).toBe(CARRIER_KEYS.length);
    // DHL's last digit checks the other nine (modulo 7).
    const dhl = sandboxTrackingNumber(
      'dhl_express',
      SANDBOX_TARIFFS.dhl_express.trackingFormat,
      id,
    );
    expect(Number(dhl.slice(-1))).toBe(Number(BigInt(dhl.slice(0, 9)) % 7n));
    const wrongCheck = dhl.slice(0, 9) + ((Number(dhl.slice(-1)) + 1) % 10);
    expect(isTrackingNumberOf(SANDBOX_TARIFFS.dhl_express.trackingFormat, wrongCheck)).toBe(false);
  });

  it('issues the same guide for the same shipment id, with a PDF and a ZPL label per parcel', async () => {
    const carrier = sandbox('estafeta');
    const first = await carrier.createLabel(labelRequest());
    const again = await carrier.createLabel(labelRequest());
    expect(first.trackingNumber).toMatch(/^\d{22}$/);
    expect(again.trackingNumber).toBe(first.trackingNumber);
    expect(again.carrierReference).toBe(first.carrierReference);
    expect(Buffer.from(first.pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    // One ZPL label per parcel, each with the guide number.
    expect(first.zpl.match(/\^XA/g)).toHaveLength(2);
    expect(first.zpl).toContain(first.trackingNumber);
    const otherShipment = await carrier.createLabel(
      labelRequest({ shipmentId: '7d1e0c55-8a7b-4f3e-b1c2-5e9d2a4f6b30' }),
    );
    expect(otherShipment.trackingNumber).not.toBe(first.trackingNumber);
    // The guide's creation is what the sandbox itself reports on tracking.
    expect(
      await carrier.track({ organizationId: ORG, trackingNumber: first.trackingNumber }),
    ).toEqual([
      {
        id: `${first.trackingNumber}:label_created`,
        status: 'CREATED',
        code: 'label_created',
        location: null,
        occurredAt: NOW,
      },
    ]);
    expect(
      await carrier.track({ organizationId: ORG, trackingNumber: '1234567890123456789012' }),
    ).toEqual([]);
  });

  it('always refuses a reference containing SANDBOX-FALLA, with a Spanish message', async () => {
    const carrier = sandbox('fedex');
    const refused = carrier.createLabel(
      labelRequest({ serviceKey: 'express_saver', reference: 'Pedido sandbox-falla 7' }),
    );
    await expect(refused).rejects.toBeInstanceOf(CarrierError);
    await expect(refused).rejects.toMatchObject({
      carrier: 'fedex',
      code: 'rejected',
      message: expect.stringMatching(/^FedEx rechazó la guía: .*domicilio de destino/),
    });
  });

  it('refuses a guide the service cannot carry, as the carrier would', async () => {
    const carrier = sandbox('estafeta');
    await expect(
      carrier.createLabel(labelRequest({ parcels: [parcel(80)] })),
    ).rejects.toMatchObject({ code: 'rejected', message: expect.stringContaining('70 kg') });
    await expect(
      carrier.createLabel(labelRequest({ serviceKey: 'overnight' })),
    ).rejects.toMatchObject({ code: 'rejected' });
    await expect(
      sandbox('99minutos').createLabel(labelRequest({ serviceKey: 'same_day' })),
    ).rejects.toMatchObject({ code: 'rejected', message: expect.stringContaining('cobertura') });
  });

  it('accepts a cancellation, confirmed after the configured delay', async () => {
    const carrier = sandbox('dhl_express');
    const guide = await carrier.createLabel(labelRequest({ serviceKey: 'domestic_express' }));
    const requestedAt = new Date('2026-03-02T17:00:00Z');
    const accepted = await carrier.cancel({
      organizationId: ORG,
      trackingNumber: guide.trackingNumber,
      requestedAt,
    });
    expect(accepted.confirmsAt).toEqual(new Date('2026-03-02T17:02:00Z'));
    await expect(
      carrier.cancel({ organizationId: ORG, trackingNumber: 'ABC', requestedAt }),
    ).rejects.toMatchObject({
      code: 'not_cancellable',
    });
    // The cancellation shows on tracking once confirmed.
    const local = new ManualClock(new Date('2026-03-02T17:01:00Z'));
    const timed = new SandboxCarrier({
      tariff: SANDBOX_TARIFFS.dhl_express,
      extendedZones: extendedZips(),
      clock: local,
      cancelDelaySeconds: 60,
    });
    await timed.createLabel(labelRequest({ serviceKey: 'domestic_express' }));
    await timed.cancel({
      organizationId: ORG,
      trackingNumber: guide.trackingNumber,
      requestedAt: local.now(),
    });
    local.advance(30_000);
    expect(
      (await timed.track({ organizationId: ORG, trackingNumber: guide.trackingNumber })).map(
        (event) => event.code,
      ),
    ).toEqual(['label_created']);
    local.advance(30_000);
    expect(
      (await timed.track({ organizationId: ORG, trackingNumber: guide.trackingNumber })).map(
        (event) => event.code,
      ),
    ).toEqual(['label_created', 'cancelled']);
  });
});

describe('SandboxCarrier pickups', () => {
  it('offers the pickup days and windows of the carrier rules', async () => {
    const days = await sandbox('estafeta').pickupAvailability({
      organizationId: ORG,
      originZip: '06700',
      now: NOW,
    });
    expect(days[0]).toEqual({
      date: '2026-03-02',
      // 10:00 + 90 minutes of notice: the morning window is shortened, the afternoon one whole.
      windows: [
        { start: '11:30', end: '13:00' },
        { start: '13:00', end: '18:00' },
      ],
    });
    expect(days).toHaveLength(5);
    // 99minutos collects only in its metropolitan areas.
    expect(
      await sandbox('99minutos').pickupAvailability({
        organizationId: ORG,
        originZip: '29000',
        now: NOW,
      }),
    ).toEqual([]);
    expect(
      (
        await sandbox('99minutos').pickupAvailability({
          organizationId: ORG,
          originZip: '44100',
          now: NOW,
        })
      ).length,
    ).toBeGreaterThan(0);
  });

  it('confirms a pickup with a number derived from the request id', async () => {
    const pickup = {
      organizationId: ORG,
      originZip: '06700',
      date: '2026-03-03',
      start: '09:00',
      end: '12:00',
      trackingNumbers: ['1'],
      requestId: 'f2b1c0d4-1111-4a4a-8b8b-000000000001',
    };
    const carrier = sandbox('paquetexpress');
    const first = await carrier.schedulePickup(pickup);
    expect(first.confirmationNumber).toMatch(/^PQX-[1-9]\d{9}$/);
    expect(await carrier.schedulePickup(pickup)).toEqual(first);
    expect(
      (await carrier.schedulePickup({ ...pickup, requestId: 'another' })).confirmationNumber,
    ).not.toBe(first.confirmationNumber);
    // Outside the windows or on a rest day the carrier refuses.
    await expect(
      carrier.schedulePickup({ ...pickup, start: '07:00', end: '09:00' }),
    ).rejects.toMatchObject({ code: 'rejected' });
    await expect(
      carrier.schedulePickup({ ...pickup, date: '2026-03-16' }), // Benito Juárez day (observed)
    ).rejects.toMatchObject({ code: 'rejected' });
  });

  it('moves a booked pickup under the booking’s rules, keeping its number', async () => {
    const carrier = sandbox('estafeta');
    const booked = {
      organizationId: ORG,
      originZip: '06700',
      date: '2026-03-03',
      start: '09:00',
      end: '13:00',
    };
    const { confirmationNumber } = await carrier.schedulePickup({
      ...booked,
      trackingNumbers: ['1'],
      requestId: 'f2b1c0d4-1111-4a4a-8b8b-000000000002',
    });
    const moved = { ...booked, confirmationNumber, requestId: 'f2b1c0d4' };
    expect(
      await carrier.reschedulePickup({
        ...moved,
        date: '2026-03-04',
        start: '13:00',
        end: '18:00',
      }),
    ).toEqual({ confirmationNumber });
    for (const refused of [
      { date: '2026-03-07' }, // a Saturday
      { start: '18:00', end: '20:00' },
      { organizationId: ORG, originZip: '00000' },
      { confirmationNumber: 'FDX-1234567890' }, // another carrier's
    ]) {
      await expect(carrier.reschedulePickup({ ...moved, ...refused })).rejects.toMatchObject({
        code: 'rejected',
      });
    }
  });

  it('calls off a booked pickup until its day is over', async () => {
    const carrier = sandbox('estafeta');
    const pickup = {
      confirmationNumber: 'EST-1234567890',
      organizationId: ORG,
      originZip: '06700',
      date: '2026-03-02',
      requestedAt: NOW,
    };
    await expect(carrier.cancelPickup(pickup)).resolves.toBeUndefined();
    await expect(carrier.cancelPickup({ ...pickup, date: '2026-02-27' })).rejects.toMatchObject({
      code: 'not_cancellable',
    });
    await expect(
      carrier.cancelPickup({ ...pickup, confirmationNumber: 'EST-12' }),
    ).rejects.toMatchObject({ code: 'rejected' });
  });
});

describe('carrierAdapters', () => {
  const deps = {
    config: {
      CARRIER_SANDBOX_FAILURE_RATE: 0,
      CARRIER_SANDBOX_CANCEL_DELAY_SECONDS: 300,
      CARRIER_SANDBOX_LABEL_DELAY_MS: 0,
    },
    // Never asked here: the lookup only runs when a quote reaches a route.
    postalCodes: {} as never,
    clock,
  };

  it('builds one sandbox per catalogue carrier', async () => {
    const adapters = carrierAdapters(deps);
    expect(Object.keys(adapters)).toEqual([...CARRIER_KEYS]);
    for (const key of CARRIER_KEYS) {
      expect(adapters[key].key).toBe(key);
      expect(adapters[key].sandbox).toBe(true);
      // Every tariff service is a catalogue service of its carrier.
      const services = carrierByKey(key)!.services.map((service) => service.key);
      for (const service of SANDBOX_TARIFFS[key].services) {
        expect(services).toContain(service.serviceKey);
      }
    }
    const accepted = await adapters.fedex.cancel({
      organizationId: ORG,
      trackingNumber: '123456789012',
      requestedAt: NOW,
    });
    expect(accepted.confirmsAt.getTime() - NOW.getTime()).toBe(300_000);
  });

  it('uses the configured failure rate with the given random source', async () => {
    const adapters = carrierAdapters(
      { ...deps, config: { ...deps.config, CARRIER_SANDBOX_FAILURE_RATE: 1 } },
      { random: () => 0.999 },
    );
    await expect(adapters.estafeta.createLabel(labelRequest())).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});

import { CARRIER_KEYS, withVat, type QuoteView, type RateView } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createOwnerAndOther,
  createTestMerchant,
  createTestUser,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../platform/clock';
import { postalCodeSettlements } from '../catalogs/postal-codes.tables';
import type { CarrierAdapter } from '../carriers/carrier-adapter';
import { carrierAdapters } from '../carriers/carrier-adapters';
import { ExtendedZones } from '../carriers/extended-zones';
import { QuotesService } from './quotes.service';

const MEXICO_CITY = '06700';
const MONTERREY = '64000';
const TOLUCA = '50000';

const box = (weight: number, overrides: object = {}) => ({
  length: 20,
  width: 15,
  height: 10,
  weight,
  ...overrides,
});

const quoteBody = (overrides: object = {}) => ({
  origin_zip: MEXICO_CITY,
  destination_zip: MONTERREY,
  parcels: [box(1)],
  ...overrides,
});

describe('quotes', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const quote = async (user: TestUser, body: object, language?: string) => {
    const response = await call(user, 'POST', '/quotes', body, language);
    expect(response.statusCode).toBe(201);
    return response.json().data as QuoteView;
  };
  const rateOf = (view: QuoteView, id: string) => view.rates.find((rate) => rate.id === id)!;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('asks every enabled carrier and answers their rates with VAT, stored for an hour', async () => {
    const view = await quote(owner, quoteBody());
    expect(view).toMatchObject({
      status: 'quote',
      origin_zip: MEXICO_CITY,
      destination_zip: MONTERREY,
      parcels: [{ length_cm: 20, width_cm: 15, height_cm: 10, weight_kg: 1 }],
      unavailable: [],
      created_at: '2026-03-02T16:00:00.000Z',
      expires_at: '2026-03-02T17:00:00.000Z',
    });
    expect(new Set(view.rates.map((rate) => rate.carrier_key))).toEqual(new Set(CARRIER_KEYS));
    // DHL's international product is not offered between two Mexican postal codes.
    expect(view.rates.map((rate) => rate.id)).not.toContain('dhl_express:express_worldwide');
    for (const rate of view.rates) {
      expect(rate.id).toBe(`${rate.carrier_key}:${rate.service_key}`);
      expect(rate.sandbox).toBe(true);
      expect(rate.zone).toBe(4); // ~700 km between the capitals
      expect(rate.billable_weight_kg).toBe(1);
      expect(rate.subtotal).toBe(rate.base + rate.fuel_surcharge + rate.extended_zone_surcharge);
      expect(rate.total).toBe(withVat(rate.subtotal));
      expect(rate.vat).toBe(rate.total - rate.subtotal);
    }
    // Estafeta ground, zone 4, 1 kg: 155.00 + 12.5% fuel (19.38) = 174.38, with VAT 202.28.
    expect(rateOf(view, 'estafeta:terrestre')).toMatchObject({
      carrier_name: 'Estafeta',
      service_name: 'Terrestre',
      service_kind: 'economy',
      base: 15_500,
      fuel_surcharge: 1_938,
      extended_zone_surcharge: 0,
      extended_zone: false,
      subtotal: 17_438,
      vat: 2_790,
      total: 20_228,
      transit_days: { min: 4, max: 5 },
      estimated_delivery: '2026-03-09',
    });

    // Stored: the same quote read back, names in the reader's language.
    const read = await call(owner, 'GET', `/quotes/${view.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(view);
    const english = (await call(owner, 'GET', `/quotes/${view.id}`, undefined, 'en')).json().data;
    expect(rateOf(english, 'estafeta:terrestre').service_name).toBe('Ground');
    expect(rateOf(english, '99minutos:next_day').service_name).toBe('Next Day');
    expect(rateOf(english, 'estafeta:terrestre').total).toBe(20_228);
  });

  it('marks the cheapest and the fastest rate, cheapest first', async () => {
    const view = await quote(owner, quoteBody({ destination_zip: TOLUCA }));
    const totals = view.rates.map((rate) => rate.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const cheapest = view.rates.filter((rate) => rate.cheapest);
    expect(cheapest).toHaveLength(1);
    expect(cheapest[0]).toBe(view.rates[0]);
    expect(cheapest[0]!.total).toBe(Math.min(...totals));
    // Inside the Valle de México, 99minutos delivers the same day: nothing is faster.
    const fastest = view.rates.filter((rate) => rate.fastest);
    expect(fastest.map((rate) => rate.id)).toEqual(['99minutos:same_day']);
    expect(fastest[0]!.transit_days.max).toBe(0);
    expect(fastest[0]!.estimated_delivery).toBe('2026-03-02');

    // Without 99minutos, the fastest is a next-day service, the cheapest of those that tie.
    const merchant = await createTestMerchant(ctx, 'Sin 99');
    await call(merchant.user, 'PUT', '/carriers/99minutos', { enabled: false });
    const without = await quote(merchant.user, quoteBody({ destination_zip: TOLUCA }));
    const next = without.rates.find((rate) => rate.fastest)!;
    expect(next.transit_days.max).toBe(1);
    const nextDay = without.rates.filter((rate) => rate.transit_days.max === 1);
    expect(next.total).toBe(Math.min(...nextDay.map((rate) => rate.total)));
  });

  it('leaves out the carriers the organization disabled', async () => {
    const merchant = await createTestMerchant(ctx, 'Sin Redpack');
    expect(
      (await call(merchant.user, 'PUT', '/carriers/redpack', { enabled: false })).statusCode,
    ).toBe(200);
    const view = await quote(merchant.user, quoteBody());
    const carriers = new Set(view.rates.map((rate) => rate.carrier_key));
    expect(carriers).toEqual(new Set(CARRIER_KEYS.filter((key) => key !== 'redpack')));
    expect(view.unavailable).toEqual([]);
    // The owner's organization still has it.
    expect((await quote(owner, quoteBody())).rates.some((r) => r.carrier_key === 'redpack')).toBe(
      true,
    );
  });

  it('answers an empty quote when every carrier is disabled', async () => {
    const merchant = await createTestMerchant(ctx, 'Pausada');
    for (const key of CARRIER_KEYS) {
      await call(merchant.user, 'PUT', `/carriers/${key}`, { enabled: false });
    }
    const response = await call(merchant.user, 'POST', '/quotes', quoteBody());
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ rates: [], unavailable: [] });
  });

  it('says why a carrier has no rate: weight and size limits, in the caller language', async () => {
    // 80 kg: only Paquetexpress ground (up to 100 kg) takes it.
    const heavy = await quote(owner, quoteBody({ parcels: [box(80)] }));
    expect(heavy.rates.map((rate) => rate.id)).toEqual(['paquetexpress:estandar']);
    expect(heavy.rates[0]).toMatchObject({ billable_weight_kg: 80, cheapest: true, fastest: true });
    expect(heavy.unavailable).toEqual(
      ['estafeta', 'fedex', 'dhl_express', 'redpack', '99minutos'].map((key) => ({
        carrier_key: key,
        carrier_name: expect.any(String),
        reason_code: 'weight_limit',
        reason: 'Algún paquete supera el peso máximo que acepta la paquetería.',
      })),
    );

    // 120 kg: no one; still a 201 with every reason.
    const tooHeavy = await quote(owner, quoteBody({ parcels: [box(120)] }), 'en');
    expect(tooHeavy.rates).toEqual([]);
    expect(tooHeavy.unavailable.map((entry) => entry.carrier_key)).toEqual([...CARRIER_KEYS]);
    expect(new Set(tooHeavy.unavailable.map((entry) => entry.reason))).toEqual(
      new Set(['A package is heavier than the carrier accepts.']),
    );

    // 160 cm long and light: too long for Estafeta, DHL, Redpack and 99minutos.
    const long = await quote(owner, quoteBody({ parcels: [box(3, { length: 160 })] }));
    const reasons = Object.fromEntries(
      long.unavailable.map((entry) => [entry.carrier_key, entry.reason_code]),
    );
    expect(reasons).toEqual({
      estafeta: 'size_limit',
      dhl_express: 'size_limit',
      redpack: 'size_limit',
      '99minutos': 'size_limit',
    });
    expect(long.unavailable[0]!.reason).toBe(
      'Algún paquete supera las medidas máximas que acepta la paquetería.',
    );
    expect(new Set(long.rates.map((rate) => rate.carrier_key))).toEqual(
      new Set(['fedex', 'paquetexpress']),
    );
    // A reason is stored with the quote and read back localized.
    const read = (await call(owner, 'GET', `/quotes/${long.id}`, undefined, 'en')).json().data;
    expect(read.unavailable[0].reason).toBe('A package is larger than the carrier accepts.');
  });

  it('converts parcels in inches and pounds before rating', async () => {
    const view = await quote(
      owner,
      quoteBody({ parcels: [{ unit: 'in_lb', length: 12, width: 12, height: 12, weight: 2 }] }),
    );
    expect(view.parcels).toEqual([
      { length_cm: 30.48, width_cm: 30.48, height_cm: 30.48, weight_kg: 0.907 },
    ]);
    // 28,316 cm³ / 5000 = 5.66 kg volumetric: 6 kg billed.
    expect(rateOf(view, 'fedex:express_saver').billable_weight_kg).toBe(6);
  });

  it('adds the extended-zone surcharge when every settlement of the destination is rural', async () => {
    const settlement = (zip: string, settlementId: string, zone: string) => ({
      zip,
      settlementId,
      name: `Localidad ${settlementId}`,
      settlementType: 'Ranchería',
      municipality: 'Tlapa de Comonfort',
      municipalityCode: '066',
      state: 'Guerrero',
      stateCode: '12',
      city: '',
      zone,
    });
    await ctx.db
      .insert(postalCodeSettlements)
      .values([
        settlement('41320', '0001', 'Rural'),
        settlement('41320', '0002', 'Rural'),
        settlement('41321', '0001', 'Rural'),
        settlement('41321', '0002', 'Urbano'),
      ]);
    const rural = await quote(owner, quoteBody({ destination_zip: '41320' }));
    const mixed = await quote(owner, quoteBody({ destination_zip: '41321' }));
    const unknown = await quote(owner, quoteBody({ destination_zip: '41322' }));

    const ruralGround = rateOf(rural, 'estafeta:terrestre');
    const mixedGround = rateOf(mixed, 'estafeta:terrestre');
    expect(ruralGround).toMatchObject({ extended_zone: true, extended_zone_surcharge: 16_500 });
    expect(ruralGround.base).toBe(mixedGround.base);
    expect(ruralGround.subtotal).toBe(mixedGround.subtotal + 16_500);
    expect(ruralGround.total).toBe(withVat(mixedGround.subtotal + 16_500));
    expect(ruralGround.transit_days.max).toBeGreaterThan(mixedGround.transit_days.max);
    for (const rate of rural.rates) expect(rate.extended_zone).toBe(true);
    for (const rate of [...mixed.rates, ...unknown.rates]) {
      expect(rate).toMatchObject({ extended_zone: false, extended_zone_surcharge: 0 });
    }
    // 99minutos does not reach Guerrero, rural or not.
    expect(rural.unavailable).toEqual([expect.objectContaining({ carrier_key: '99minutos' })]);
  });

  it('remembers the catalogue answer per postal code, bounded and for a while', async () => {
    const clock = new ManualClock(new Date('2026-03-02T16:00:00Z'));
    const zones = new ExtendedZones(
      { postalCodes: ctx.app.services.postalCodes, clock },
      { maxEntries: 2, ttlMs: 60_000 },
    );
    const [first, second] = [zones.isExtended('41320'), zones.isExtended('41320')];
    expect(second).toBe(first); // one query for the six carriers of a quote
    expect(await first).toBe(true);
    expect(await zones.isExtended('41321')).toBe(false);
    expect(await zones.isExtended('41322')).toBe(false);
    expect(zones.size).toBe(2);
    // A re-imported catalogue is seen once the answer is older than the time to live.
    await ctx.db
      .update(postalCodeSettlements)
      .set({ zone: 'Rural' })
      .where(eq(postalCodeSettlements.zip, '41321'));
    expect(await zones.isExtended('41321')).toBe(false);
    clock.advance(60_000);
    expect(await zones.isExtended('41321')).toBe(true);
  });

  it('validates the request with a message per field, in Spanish and English', async () => {
    const es = await call(owner, 'POST', '/quotes', {
      destination_zip: '6470',
      parcels: [],
    });
    expect(es.statusCode).toBe(400);
    expect(es.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos marcados.',
      fields: {
        origin_zip: 'Este campo es obligatorio.',
        destination_zip: 'El código postal tiene 5 dígitos.',
        parcels: 'Debes agregar al menos un paquete.',
      },
    });
    const en = await call(owner, 'POST', '/quotes', { destination_zip: '6470', parcels: [] }, 'en');
    expect(en.json().error.fields).toEqual({
      origin_zip: 'This field is required.',
      destination_zip: 'The postal code has 5 digits.',
      parcels: 'You must add at least one package.',
    });
    const parcel = await call(owner, 'POST', '/quotes', quoteBody({ parcels: [box(0)] }));
    expect(parcel.statusCode).toBe(400);
    expect(parcel.json().error.fields).toEqual({
      'parcels.0.weight': 'Solo se aceptan números positivos.',
    });
  });

  it('keeps quotes inside the organization', async () => {
    const view = await quote(owner, quoteBody());
    const foreign = await call(other, 'GET', `/quotes/${view.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect(
      (await call(owner, 'GET', '/quotes/5d0b6f0e-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('answers 404 for a parcel from another organization’s saved package, as the purchase does', async () => {
    const saved = await call(other, 'POST', '/packages', {
      name: 'Caja ajena',
      unit: 'cm_kg',
      height: 10,
      length: 20,
      width: 15,
      weight: 1,
      sat_code: '24112700',
    });
    expect(saved.statusCode).toBe(201);
    const foreign = { ...box(1), package_id: saved.json().data.id };
    const refused = await call(owner, 'POST', '/quotes', quoteBody({ parcels: [foreign] }));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('NOT_FOUND');
    expect(
      (await call(other, 'POST', '/quotes', quoteBody({ parcels: [foreign] }))).statusCode,
    ).toBe(201);
  });

  it('needs a shipments permission (any of them) and a sign-in', async () => {
    const dashboardOnly = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    const refused = await call(dashboardOnly, 'POST', '/quotes', quoteBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const mine = await quote(owner, quoteBody());
    expect((await call(dashboardOnly, 'GET', `/quotes/${mine.id}`)).statusCode).toBe(403);

    const pickupOnly = await createTestUser(ctx, {
      organizationId,
      permissions: ['shipments.pickup'],
    });
    expect((await call(pickupOnly, 'POST', '/quotes', quoteBody())).statusCode).toBe(201);
    expect((await call(pickupOnly, 'GET', `/quotes/${mine.id}`)).statusCode).toBe(200);

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quotes',
      payload: quoteBody(),
    });
    expect(anonymous.statusCode).toBe(401);
    const anonymousGet = await ctx.app.inject({ method: 'GET', url: `/api/v1/quotes/${mine.id}` });
    expect(anonymousGet.statusCode).toBe(401);
  });

  describe('QuotesService', () => {
    // The app's own collaborators and carrier adapters, from its composition root.
    const deps = () => {
      const {
        db,
        clock,
        carrierAdapters: adapters,
        carriers,
        packages,
        postalCodes,
      } = ctx.app.services;
      return { db, clock, adapters, carriers, packages, postalCodes };
    };
    const codeOf = (action: () => void) => {
      try {
        action();
        return null;
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    const input = {
      origin_zip: MEXICO_CITY,
      destination_zip: MONTERREY,
      parcels: [{ unit: 'cm_kg' as const, ...box(1) }],
    };

    it('counts a carrier that fails or takes too long as unavailable, and keeps the others', async () => {
      const { adapters } = deps();
      const hanging: CarrierAdapter = { ...adapters.fedex, quote: () => new Promise(() => {}) };
      const failing: CarrierAdapter = {
        ...adapters.dhl_express,
        quote: () => Promise.reject(new Error('connection reset')),
      };
      const service = new QuotesService(
        { ...deps(), adapters: { ...adapters, fedex: hanging, dhl_express: failing } },
        { timeoutMs: 50 },
      );
      const view = await service.create(organizationId, owner.id, input, 'es');
      expect(view.unavailable).toEqual([
        {
          carrier_key: 'fedex',
          carrier_name: 'FedEx',
          reason_code: 'carrier_unavailable',
          reason: 'La paquetería no respondió; intenta cotizar de nuevo en unos minutos.',
        },
        expect.objectContaining({ carrier_key: 'dhl_express', reason_code: 'carrier_unavailable' }),
      ]);
      expect(new Set(view.rates.map((rate) => rate.carrier_key))).toEqual(
        new Set(['estafeta', 'paquetexpress', 'redpack', '99minutos']),
      );
    });

    it('answers carrier_unavailable for every carrier at a failure rate of 1', async () => {
      const service = new QuotesService({
        ...deps(),
        adapters: carrierAdapters(
          {
            ...deps(),
            config: {
              CARRIER_SANDBOX_FAILURE_RATE: 1,
              CARRIER_SANDBOX_CANCEL_DELAY_SECONDS: 0,
              CARRIER_SANDBOX_LABEL_DELAY_MS: 0,
            },
          },
          { random: () => 0.5 },
        ),
      });
      const view = await service.create(organizationId, owner.id, input, 'en');
      expect(view.rates).toEqual([]);
      expect(view.unavailable.map((entry) => entry.reason_code)).toEqual(
        CARRIER_KEYS.map(() => 'carrier_unavailable'),
      );
    });

    it('loads a rate for a purchase until the quote expires, inside the organization only', async () => {
      const service = new QuotesService(deps());
      const view = await service.create(organizationId, owner.id, input, 'es');
      const chosen = view.rates.find((rate) => rate.id === 'redpack:ecoexpress')!;
      const loaded = await service.loadForPurchase(
        organizationId,
        view.id,
        chosen.id,
        new Date('2026-03-02T16:59:59Z'),
      );
      expect(loaded.quote.id).toBe(view.id);
      expect(loaded.quote.status).toBe('quote');
      expect(loaded.rate).toEqual<RateView>(chosen);

      await expect(
        service.loadForPurchase(
          organizationId,
          view.id,
          chosen.id,
          new Date('2026-03-02T17:00:00Z'),
        ),
      ).rejects.toMatchObject({ code: 'QUOTE_EXPIRED' });
      await expect(
        service.loadForPurchase(organizationId, view.id, 'redpack:overnight', ctx.clock.now()),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const stranger = other.organizationId!;
      await expect(
        service.loadForPurchase(stranger, view.id, chosen.id, ctx.clock.now()),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });

      // The purchase compares what it buys with what was quoted.
      const same = {
        originZip: MEXICO_CITY,
        destinationZip: MONTERREY,
        originCountry: 'MX',
        destinationCountry: 'MX',
        parcels: view.parcels,
      };
      expect(codeOf(() => service.assertMatches(loaded.quote, same))).toBeNull();
      expect(
        codeOf(() => service.assertMatches(loaded.quote, { ...same, destinationZip: TOLUCA })),
      ).toBe('QUOTE_MISMATCH');
      // A domestic quote never buys a guide abroad with the same postal code (issue 25).
      expect(
        codeOf(() => service.assertMatches(loaded.quote, { ...same, destinationCountry: 'US' })),
      ).toBe('QUOTE_MISMATCH');
      expect(
        codeOf(() =>
          service.assertMatches(loaded.quote, {
            ...same,
            parcels: [{ ...view.parcels[0]!, weight_kg: 1.2 }],
          }),
        ),
      ).toBe('QUOTE_MISMATCH');

      // Status moves only from the statuses given.
      expect(
        await service.setStatus(organizationId, view.id, 'in_process', { from: ['quote'] }),
      ).toBe(true);
      expect(
        await service.setStatus(organizationId, view.id, 'in_process', { from: ['quote'] }),
      ).toBe(false);
      expect(await service.setStatus(stranger, view.id, 'completed')).toBe(false);
      expect((await call(owner, 'GET', `/quotes/${view.id}`)).json().data.status).toBe(
        'in_process',
      );
    });
  });
});

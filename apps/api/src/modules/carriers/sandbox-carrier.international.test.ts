import type { QuoteParcel } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import type { RateRequest } from './carrier-adapter';
import { SandboxCarrier } from './sandbox-carrier';
import { internationalZoneOf, SANDBOX_TARIFFS } from './sandbox-tariffs';

/** The organization every request is made for (the sandbox ignores it). */
const ORG = '7d2f0c3e-5b1a-4c6d-8e9f-0a1b2c3d4e5f';

const NOW = new Date('2026-03-02T16:00:00Z'); // Monday 10:00 in Mexico City

function sandbox(key: 'dhl_express' | 'fedex' | 'estafeta', extended: string[] = []) {
  return new SandboxCarrier({
    tariff: SANDBOX_TARIFFS[key],
    extendedZones: { isExtended: (zip) => Promise.resolve(extended.includes(zip)) },
    clock: new ManualClock(NOW),
  });
}

const box = (weight: number, side = 20): QuoteParcel => ({
  length_cm: side,
  width_cm: side,
  height_cm: side,
  weight_kg: weight,
});

const exportToUs = (overrides: Partial<RateRequest> = {}): RateRequest => ({
  organizationId: ORG,
  originZip: '06700',
  originCountry: 'MX',
  destinationZip: '78701',
  destinationCountry: 'US',
  parcels: [box(1)],
  shipDate: NOW,
  ...overrides,
});

describe('sandbox international services', () => {
  it('offers DHL Express Worldwide and FedEx International between Mexico and abroad only', async () => {
    const dhl = await sandbox('dhl_express').quote(exportToUs());
    expect(dhl.rates.map((rate) => rate.serviceKey)).toEqual(['express_worldwide']);
    const fedex = await sandbox('fedex').quote(exportToUs());
    expect(fedex.rates.map((rate) => rate.serviceKey)).toEqual([
      'international_priority',
      'international_economy',
    ]);
    const domestic = await sandbox('dhl_express').quote(
      exportToUs({ destinationZip: '64000', destinationCountry: 'MX' }),
    );
    expect(domestic.rates.map((rate) => rate.serviceKey)).toEqual(['domestic_express']);
  });

  it('a domestic-only carrier has no coverage abroad', async () => {
    expect(await sandbox('estafeta').quote(exportToUs())).toEqual({
      rates: [],
      unavailable: 'no_coverage',
    });
  });

  it('prices by the zone of the country abroad and the billable weight', async () => {
    const us = (await sandbox('dhl_express').quote(exportToUs())).rates[0]!;
    const spain = (await sandbox('dhl_express').quote(exportToUs({ destinationCountry: 'ES' })))
      .rates[0]!;
    expect(us.zone).toBe(1);
    expect(spain.zone).toBe(4);
    expect(spain.base).toBeGreaterThan(us.base);
    // 40 cm cube: 64,000 / 5,000 = 12.8 → 13 kg billed although it weighs 2 kg.
    const bulky = (await sandbox('dhl_express').quote(exportToUs({ parcels: [box(2, 40)] })))
      .rates[0]!;
    expect(bulky.billableWeightKg).toBe(13);
    expect(bulky.base).toBe(95_000 + 12 * 18_000);
  });

  it('imports reach Mexican postal codes, rural ones with the surcharge', async () => {
    const imported = await sandbox('dhl_express', ['39000']).quote({
      organizationId: ORG,
      originZip: '10001',
      originCountry: 'US',
      destinationZip: '39000',
      destinationCountry: 'MX',
      parcels: [box(1)],
      shipDate: NOW,
    });
    expect(imported.rates[0]).toMatchObject({ zone: 1, extendedZone: true });
  });

  it('refuses two ends abroad, an unknown Mexican code and excluded countries', async () => {
    const dhl = sandbox('dhl_express');
    const none = { rates: [], unavailable: 'no_coverage' };
    expect(
      await dhl.quote(
        exportToUs({ originCountry: 'CA', organizationId: ORG, originZip: 'M5V 2T6' }),
      ),
    ).toEqual(none);
    expect(await dhl.quote(exportToUs({ organizationId: ORG, originZip: '00000' }))).toEqual(none);
    expect(await dhl.quote(exportToUs({ destinationCountry: 'KP' }))).toEqual(none);
    expect(internationalZoneOf('ZW')).toBe(6);
  });

  it('issues an international label with the country printed', async () => {
    const label = await sandbox('fedex').createLabel({
      organizationId: ORG,
      serviceKey: 'international_priority',
      shipmentId: '0b6f5c1e-3f7a-4b7e-9a51-2c1f4d0e8a11',
      origin: {
        name: 'Ana',
        street: 'Av. Juárez',
        exteriorNumber: '10',
        neighborhood: 'Centro',
        city: 'Ciudad de México',
        state: 'CDMX',
        zip: '06700',
        country: 'MX',
      },
      destination: {
        name: 'John Doe',
        street: '500 Congress Ave',
        exteriorNumber: '',
        neighborhood: 'Suite 200',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
      },
      parcels: [box(1)],
      reference: null,
      goods: [],
      trackingUrl: (number) => `https://example.test/t/${number}`,
      createdAt: NOW,
    });
    expect(label.zpl).toContain('Austin, TX · US');
    expect(Buffer.from(label.pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

import { describe, expect, it } from 'vitest';
import {
  CARRIER_KEYS,
  CARRIERS,
  carrierByKey,
  carrierTrackingUrl,
  carrierView,
  isCarrierKey,
} from './catalog';

describe('carrier catalogue', () => {
  it('holds each carrier of CARRIER_KEYS once, in that order', () => {
    expect(CARRIERS.map((carrier) => carrier.key)).toEqual([...CARRIER_KEYS]);
    expect(new Set(CARRIERS.map((carrier) => carrier.name)).size).toBe(CARRIERS.length);
  });

  it('gives every carrier services with unique keys, names in es and en, and sane transit days', () => {
    for (const carrier of CARRIERS) {
      expect(carrier.services.length).toBeGreaterThan(0);
      expect(carrier.coverage.es).not.toBe('');
      expect(carrier.coverage.en).not.toBe('');
      const keys = carrier.services.map((service) => service.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const service of carrier.services) {
        expect(service.name.es.trim()).not.toBe('');
        expect(service.name.en.trim()).not.toBe('');
        expect(service.transitDays.min).toBeGreaterThanOrEqual(0);
        expect(service.transitDays.max).toBeGreaterThanOrEqual(service.transitDays.min);
      }
      expect(carrier.logo.background).toMatch(/^#[0-9A-F]{6}$/);
      expect(carrier.logo.foreground).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it("links every carrier's own public tracking page for a guide number", () => {
    for (const carrier of CARRIERS) {
      const url = new URL(carrierTrackingUrl(carrier, 'AB 12/3'));
      expect(url.protocol, carrier.key).toBe('https:');
      expect(url.href, carrier.key).toContain('AB%2012%2F3');
    }
    expect(carrierTrackingUrl(carrierByKey('fedex')!, '7700112233')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=7700112233',
    );
  });

  it('looks carriers up by key and describes them in a language', () => {
    expect(isCarrierKey('redpack')).toBe(true);
    expect(isCarrierKey('nope')).toBe(false);
    expect(carrierByKey('nope')).toBeUndefined();
    const estafeta = carrierView(carrierByKey('estafeta')!, true, 'en');
    expect(estafeta.services[0]).toEqual({
      key: 'dia_siguiente',
      name: 'Next Day',
      kind: 'express',
      transit_days: { min: 1, max: 1 },
    });
    expect(carrierView(carrierByKey('estafeta')!, false, 'es').services[2]?.name).toBe('Terrestre');
  });
});

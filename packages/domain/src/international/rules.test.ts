import { describe, expect, it } from 'vitest';
import {
  canMoveCustoms,
  dutiesUsdCents,
  pickDutyBand,
  pickExchangeRate,
  taxIdRequired,
  toMxnCentavos,
  toUsdCents,
  type DutyBand,
} from './rules';

const band = (over: Partial<DutyBand>): DutyBand => ({
  id: 'x',
  direction: 'import',
  country: '*',
  minValueUsdCents: 0,
  maxValueUsdCents: 250_000,
  rateBasisPoints: 3350,
  effectiveFrom: '2025-08-15',
  effectiveTo: null,
  ...over,
});

describe('pickDutyBand', () => {
  const bands = [
    band({ id: 'any' }),
    band({ id: 'us-exempt', country: 'US', maxValueUsdCents: 5_000, rateBasisPoints: 0 }),
    band({
      id: 'us-17',
      country: 'US',
      minValueUsdCents: 5_001,
      maxValueUsdCents: 11_700,
      rateBasisPoints: 1700,
    }),
    band({ id: 'us-19', country: 'US', minValueUsdCents: 11_701, rateBasisPoints: 1900 }),
  ];
  const query = { direction: 'import' as const, country: 'US', day: '2026-01-10' };

  it('prefers the country’s band and picks it by value', () => {
    expect(pickDutyBand(bands, { ...query, valueUsdCents: 5_000 })?.id).toBe('us-exempt');
    expect(pickDutyBand(bands, { ...query, valueUsdCents: 5_001 })?.id).toBe('us-17');
    expect(pickDutyBand(bands, { ...query, valueUsdCents: 200_000 })?.id).toBe('us-19');
    expect(pickDutyBand(bands, { ...query, country: 'CN', valueUsdCents: 5_000 })?.id).toBe('any');
  });

  it('finds nothing above the ceiling, before the start or after the end', () => {
    expect(pickDutyBand(bands, { ...query, country: 'CN', valueUsdCents: 250_001 })).toBeNull();
    expect(pickDutyBand(bands, { ...query, day: '2025-08-14', valueUsdCents: 100 })).toBeNull();
    const ended = [band({ effectiveTo: '2025-12-31' })];
    expect(pickDutyBand(ended, { ...query, valueUsdCents: 100 })).toBeNull();
  });

  it('a later effective date supersedes the earlier row', () => {
    const newer = band({ id: 'newer', effectiveFrom: '2026-01-01', rateBasisPoints: 3000 });
    expect(pickDutyBand([band({}), newer], { ...query, valueUsdCents: 100 })?.id).toBe('newer');
    expect(
      pickDutyBand([band({}), newer], { ...query, day: '2025-12-31', valueUsdCents: 100 })?.id,
    ).toBe('x');
  });
});

describe('money', () => {
  it('converts at ten-thousandths and applies basis points', () => {
    expect(toUsdCents(18_250, 'MXN', 182_500)).toBe(1_000);
    expect(toUsdCents(1_234, 'USD', 182_500)).toBe(1_234);
    expect(toMxnCentavos(1_000, 182_500)).toBe(18_250);
    expect(dutiesUsdCents(10_000, 3350)).toBe(3_350);
  });

  it('the exchange rate in force is the latest not after the day', () => {
    const rates = [{ effectiveFrom: '2026-01-01' }, { effectiveFrom: '2026-02-01' }];
    expect(pickExchangeRate(rates, '2026-01-31')).toBe(rates[0]);
    expect(pickExchangeRate(rates, '2026-02-01')).toBe(rates[1]);
    expect(pickExchangeRate(rates, '2025-12-31')).toBeNull();
  });
});

describe('rules', () => {
  it('tax ID: always on imports, on exports where the destination asks', () => {
    expect(taxIdRequired('import', 'US')).toBe(true);
    expect(taxIdRequired('export', 'BR')).toBe(true);
    expect(taxIdRequired('export', 'US')).toBe(false);
  });

  it('customs moves only along the table', () => {
    expect(canMoveCustoms('pending', 'in_clearance')).toBe(true);
    expect(canMoveCustoms('pending', 'released')).toBe(false);
    expect(canMoveCustoms('released', 'held')).toBe(false);
  });
});

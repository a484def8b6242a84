import { describe, expect, it } from 'vitest';
import { centavosToPesos, depositBreakdown, pesosToCentavos } from './rules';

describe('deposit fee (spec §9)', () => {
  it('charges 12.50 + VAT = 14.50 below 500 MXN and nothing from 500', () => {
    expect(depositBreakdown(49_999)).toEqual({
      amount: 49_999,
      fee: 1_250,
      fee_vat: 200,
      fee_total: 1_450,
      net: 48_549,
    });
    expect(depositBreakdown(50_000)).toMatchObject({ fee_total: 0, net: 50_000 });
  });
});

describe('pesosToCentavos', () => {
  it.each([
    ['500', 50_000],
    ['12.5', 1_250],
    ['0.01', 1],
    ['1,250.75', 125_075],
    [' 99.90 ', 9_990],
  ])('reads %s as %i centavos', (text, centavos) => {
    expect(pesosToCentavos(text)).toBe(centavos);
  });

  it.each(['0', '0.00', '-5', '1.234', 'abc', '', '1e3', '.5'])('refuses %s', (text) => {
    expect(pesosToCentavos(text)).toBeNull();
  });
});

describe('centavosToPesos', () => {
  it.each([
    [24_990, '249.90'],
    [5, '0.05'],
    [0, '0.00'],
    [-11_600, '-116.00'],
    [999_999_999, '9999999.99'],
  ])('writes %i centavos as %s', (centavos, text) => {
    expect(centavosToPesos(centavos)).toBe(text);
  });

  it('writes what pesosToCentavos reads back', () => {
    for (const centavos of [1, 99, 100, 12_345, 100_000_000]) {
      expect(pesosToCentavos(centavosToPesos(centavos))).toBe(centavos);
    }
  });
});

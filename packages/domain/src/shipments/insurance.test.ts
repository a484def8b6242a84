import { describe, expect, it } from 'vitest';
import { INSURANCE_RULES, insuranceQuote } from './insurance';

describe('insuranceQuote', () => {
  it('charges the minimum premium when 1.5% is less than 20 MXN', () => {
    expect(insuranceQuote(100_000)).toEqual({
      declared_value: 100_000,
      premium: 2_000,
      vat: 320,
      total: 2_320,
      deductible: 30_000,
    });
  });

  it('charges 1.5% plus VAT above the minimum', () => {
    expect(insuranceQuote(1_000_000)).toMatchObject({ premium: 15_000, vat: 2_400, total: 17_400 });
    expect(insuranceQuote(10_000_000)).toEqual({
      declared_value: 10_000_000,
      premium: 150_000,
      vat: 24_000,
      total: 174_000,
      deductible: 3_000_000,
    });
  });

  it('rounds half up at the centavo', () => {
    // 1,333.33 MXN: 1.5% is 19.99995 → 20.00, deductible 399.999 → 400.00.
    expect(insuranceQuote(133_333)).toMatchObject({ premium: 2_000, deductible: 40_000 });
    // 2,003.00 MXN: 1.5% is 30.045 → 30.05 (half up, not to even); VAT 4.808 → 4.81.
    expect(insuranceQuote(200_300)).toEqual({
      declared_value: 200_300,
      premium: 3_005,
      vat: 481,
      total: 3_486,
      deductible: 60_090,
    });
    // 1,400.01 MXN: 1.5% is 21.00015 → 21.00; deductible 420.003 → 420.00.
    expect(insuranceQuote(140_001)).toMatchObject({ premium: 2_100, deductible: 42_000 });
  });

  it('insures from one centavo up to 100,000 MXN', () => {
    expect(insuranceQuote(1)).toMatchObject({ premium: 2_000, total: 2_320, deductible: 0 });
    expect(insuranceQuote(INSURANCE_RULES.maxDeclaredValueCentavos).premium).toBe(150_000);
    for (const bad of [0, -100, 10_000_001, 1500.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => insuranceQuote(bad), String(bad)).toThrow(RangeError);
    }
  });
});

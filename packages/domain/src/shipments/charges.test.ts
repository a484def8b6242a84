import { describe, expect, it } from 'vitest';
import { guideCharges } from './charges';

const rate = { subtotal: 15_000, vat: 2_400, total: 17_400 };

describe('guideCharges', () => {
  it('is the rate as quoted when the guide is not insured', () => {
    expect(guideCharges(rate, null)).toEqual({
      carrierCost: 15_000,
      insurancePremium: 0,
      vat: 2_400,
      total: 17_400,
      declaredValue: null,
      deductible: null,
    });
  });

  it('adds the premium, its VAT and the deductible of an insured guide', () => {
    // 1.5% of 10,000.00 MXN = 150.00, VAT 24.00; deductible 30%.
    expect(guideCharges(rate, 1_000_000)).toEqual({
      carrierCost: 15_000,
      insurancePremium: 15_000,
      vat: 4_800,
      total: 34_800,
      declaredValue: 1_000_000,
      deductible: 300_000,
    });
  });

  it('charges the minimum premium on a small declared value, and the parts add up', () => {
    const charges = guideCharges({ subtotal: 9_999, vat: 1_600, total: 11_599 }, 100);
    expect(charges).toMatchObject({ insurancePremium: 2_000, vat: 1_920, total: 13_919 });
    expect(charges.carrierCost + charges.insurancePremium + charges.vat).toBe(charges.total);
  });

  it('refuses a value that cannot be insured', () => {
    expect(() => guideCharges(rate, 0)).toThrow(RangeError);
    expect(() => guideCharges(rate, 10_000_001)).toThrow(RangeError);
  });
});

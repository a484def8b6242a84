import { withVat } from '../money';

/**
 * Optional shipment insurance (spec): a premium of 1.5% of the declared value of the goods,
 * never under 20 MXN, both plus VAT; a deductible of 30% of the insured value; at most
 * 100,000 MXN insured. Amounts are integer centavos.
 */
export const INSURANCE_RULES = {
  rateBasisPoints: 150,
  minimumPremiumCentavos: 2000,
  maxDeclaredValueCentavos: 10_000_000,
  deductiblePercent: 30,
} as const;

export interface InsuranceBreakdown {
  declared_value: number;
  /** Before VAT; `vat` is its VAT and `total` what the guide is charged for the insurance. */
  premium: number;
  vat: number;
  total: number;
  /** What the merchant bears of a claim. */
  deductible: number;
}

/** `amount × numerator / denominator`, half up, in integers: no floating-point surprises. */
function share(amount: number, numerator: number, denominator: number): number {
  return Math.floor((amount * numerator + denominator / 2) / denominator);
}

/** Throws a RangeError for a value that is not a whole, positive, insurable amount. */
export function insuranceQuote(declaredValueCentavos: number): InsuranceBreakdown {
  const value = declaredValueCentavos;
  if (!Number.isInteger(value) || value <= 0 || value > INSURANCE_RULES.maxDeclaredValueCentavos) {
    throw new RangeError(`Not an insurable declared value in centavos: ${value}`);
  }
  const premium = Math.max(
    share(value, INSURANCE_RULES.rateBasisPoints, 10_000),
    INSURANCE_RULES.minimumPremiumCentavos,
  );
  const total = withVat(premium);
  return {
    declared_value: value,
    premium,
    vat: total - premium,
    total,
    deductible: share(value, INSURANCE_RULES.deductiblePercent, 100),
  };
}

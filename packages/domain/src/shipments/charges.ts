import { insuranceQuote } from './insurance';
import type { RateView } from './quotes';

/**
 * What a guide charges (decision 017, "Purchase"): the carrier's price before VAT, the
 * insurance premium before VAT, the VAT of both and the total the wallet pays, plus the
 * insured value and its deductible. Integer centavos.
 */
export interface GuideCharges {
  carrierCost: number;
  insurancePremium: number;
  vat: number;
  total: number;
  declaredValue: number | null;
  deductible: number | null;
}

/**
 * The one rule for a guide's charges, shown by the pay step and charged by the server: the
 * chosen rate as quoted (its VAT already rounded per rate) plus the insurance of
 * `declaredValue` (null: not insured). Throws insuranceQuote's RangeError for a value that
 * cannot be insured.
 */
export function guideCharges(
  rate: Pick<RateView, 'subtotal' | 'vat' | 'total'>,
  declaredValue: number | null,
): GuideCharges {
  const insurance = declaredValue === null ? null : insuranceQuote(declaredValue);
  return {
    carrierCost: rate.subtotal,
    insurancePremium: insurance?.premium ?? 0,
    vat: rate.vat + (insurance?.vat ?? 0),
    total: rate.total + (insurance?.total ?? 0),
    declaredValue: insurance?.declared_value ?? null,
    deductible: insurance?.deductible ?? null,
  };
}

import { withVat } from '../money';

/**
 * Deposit rules of spec §9: deposits of 500 MXN or more are free; below that a fee of
 * 12.50 MXN plus VAT (14.50 in all) comes out of the deposit in the same ledger transaction.
 * Amounts are integer centavos.
 */
export const MIN_FREE_DEPOSIT_CENTAVOS = 50_000;
export const SMALL_DEPOSIT_FEE_CENTAVOS = 1_250;
/** The most one deposit may carry (our limit, spec §5 "maximum amount"): 1,000,000 MXN. */
export const MAX_DEPOSIT_CENTAVOS = 100_000_000;

export interface DepositBreakdown {
  /** What the merchant sent. */
  amount: number;
  /** Fee before VAT, its VAT, and both together. */
  fee: number;
  fee_vat: number;
  fee_total: number;
  /** What reaches the balance. */
  net: number;
}

export function depositBreakdown(amount: number): DepositBreakdown {
  const fee = amount < MIN_FREE_DEPOSIT_CENTAVOS ? SMALL_DEPOSIT_FEE_CENTAVOS : 0;
  const feeTotal = fee === 0 ? 0 : withVat(fee);
  return { amount, fee, fee_vat: feeTotal - fee, fee_total: feeTotal, net: amount - feeTotal };
}

/**
 * Pesos as typed ("1,250.5", "1250.50", "500") to integer centavos without floating point;
 * null when it is not a positive amount with at most two decimals.
 */
export function pesosToCentavos(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return centavos > 0 ? centavos : null;
}

/**
 * Integer centavos as pesos the way an input or a CSV cell takes them ("-116.00", "249.90"):
 * no thousands separator, no currency sign, no floating point. `pesosToCentavos` reads it back.
 */
export function centavosToPesos(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

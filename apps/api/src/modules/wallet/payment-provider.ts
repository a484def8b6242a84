import type { CardBrand, CardDeclineCode, CardPaymentsConfig, Language } from '@despacho/domain';
import type { Config } from '../../config';

export interface ChargeRequest {
  /** The single-use token the provider's element made in the browser. */
  token: string;
  amountCentavos: number;
  currency: 'MXN';
  /**
   * The provider's own idempotency key: the same key answers the first charge's result and
   * charges nothing again, so a retry after a crash or a second click is safe.
   */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { status: 'approved'; paymentId: string; cardBrand: CardBrand; last4: string }
  | {
      status: 'declined';
      code: CardDeclineCode;
      reason: Record<Language, string>;
      /** Set when the provider recorded the attempt; absent when it never got that far. */
      paymentId?: string;
      cardBrand?: CardBrand;
      last4?: string;
    };

/** A charge looked up by its idempotency key: its result, or `not_found` when none was made. */
export type ChargeLookup = ChargeResult | { status: 'not_found' };

/**
 * A card payment provider (decision 013). Card data goes from the browser to the provider only;
 * our server sees a token and charges it. Adding Stripe, Conekta or Openpay means one class
 * implementing this, mapping its decline codes onto `CardDeclineCode`.
 */
export interface PaymentProvider {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The charge made under an idempotency key, as the provider recorded it (a charge under way
   * with that key is waited for) — what reconciliation asks when a charge's answer was lost.
   */
  findCharge(idempotencyKey: string): Promise<ChargeLookup>;
  /**
   * How long a token can be charged after the deposit that carries it is recorded: once that
   * has passed, a charge the provider never recorded can no longer happen.
   */
  readonly chargeWindowMs: number;
  /** What the browser needs to take a card; never a secret key. */
  publicConfig(): CardPaymentsConfig;
  /**
   * Returns part or all of an approved charge to its card, once per idempotency key (a repeat
   * answers the first refund). Absent where the provider refunds nothing (the sandbox).
   */
  refund?(request: RefundRequest): Promise<{ refundId: string }>;
}

export interface RefundRequest {
  paymentId: string;
  amountCentavos: number;
  idempotencyKey: string;
}

/** Production without a configured provider: no card form, and a charge is refused. */
export const unavailableProvider: PaymentProvider = {
  charge: () => Promise.reject(new Error('no payment provider is configured')),
  findCharge: () => Promise.reject(new Error('no payment provider is configured')),
  chargeWindowMs: 0,
  publicConfig: () => ({
    available: false,
    provider: 'none',
    publishable_key: null,
    sandbox: false,
    tokens_url: null,
  }),
};

/**
 * `PAYMENT_PROVIDER` chooses the provider; unset, development and tests get the sandbox and
 * production none, so a production server never credits balance for a test card by default.
 */
export function paymentProviderName(config: Config): 'sandbox' | 'stripe' | 'none' {
  return config.PAYMENT_PROVIDER ?? (config.NODE_ENV === 'production' ? 'none' : 'sandbox');
}

import type { Language } from '../language';
import { z } from '../validation';
import { pesosAmountField } from './deposits';
import { depositBreakdown } from './rules';

/**
 * Card deposits (`finance/deposits`, decision 013). The browser hands the card to the payment
 * provider (its element, or the sandbox's token endpoint) and sends our API only a single-use
 * token and the amount: card numbers and CVCs never reach our routes, tables or logs.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unknown: 'Tarjeta',
};

/** Digits only: people type card numbers with spaces or dashes every four digits. */
export const cardDigits = (text: string) => text.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

/** The brand a card number's first digits (its IIN range) belong to. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** What the merchant sees of a card on a deposit: brand and last four digits, never more. */
export const cardSummary = (brand: CardBrand, last4: string) =>
  `${CARD_BRAND_NAMES[brand]} •••• ${last4}`;

/**
 * Why a provider declined a charge, in the codes card networks and providers share (Stripe,
 * Conekta and Openpay use these names); a real provider's adapter maps its own codes onto them.
 */
export const CARD_DECLINE_REASONS = {
  card_declined: {
    es: 'Tarjeta rechazada por el banco emisor',
    en: 'Card declined by the issuing bank',
  },
  insufficient_funds: { es: 'Fondos insuficientes', en: 'Insufficient funds' },
  expired_card: { es: 'Tarjeta vencida', en: 'Expired card' },
  token_already_used: {
    es: 'Los datos de esta tarjeta ya se usaron en otro pago; vuelve a capturarlos',
    en: 'These card details were already used for another payment; enter them again',
  },
  invalid_token: {
    es: 'Los datos de la tarjeta no son válidos o expiraron; vuelve a capturarlos',
    en: 'The card details are not valid or have expired; enter them again',
  },
  test_mode_live_card: {
    es: 'En modo sandbox solo se aceptan las tarjetas de prueba',
    en: 'Only test cards are accepted in sandbox mode',
  },
  authentication_required: {
    es: 'Tu banco pide autenticar este cobro (3-D Secure), lo que aún no admitimos; usa otra tarjeta o deposita por SPEI',
    en: 'Your bank asks to authenticate this charge (3-D Secure), which we do not support yet; use another card or deposit by SPEI',
  },
  processing_error: {
    es: 'El procesador de pagos no pudo completar el cobro',
    en: 'The payment processor could not complete the charge',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type CardDeclineCode = keyof typeof CARD_DECLINE_REASONS;

/**
 * Why reconciliation failed a card deposit whose charge the provider never received (its
 * request was lost before charging, and the card can no longer be charged): nothing was taken.
 */
export const CARD_NOT_CHARGED_REASON = {
  es: 'El cobro nunca llegó al procesador de pagos; no se cargó nada a tu tarjeta',
  en: 'The charge never reached the payment processor; nothing was taken from your card',
} as const satisfies Record<Language, string>;

/**
 * The sandbox provider's documented test cards (decision 013, README): any expiry in the future,
 * any CVC. Other valid numbers are declined as `test_mode_live_card`, as real sandboxes do.
 */
export const SANDBOX_TEST_CARDS: readonly {
  number: string;
  brand: CardBrand;
  outcome: 'approved' | CardDeclineCode;
}[] = [
  { number: '4242424242424242', brand: 'visa', outcome: 'approved' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'approved' },
  { number: '4000000000000002', brand: 'visa', outcome: 'card_declined' },
  { number: '4000000000009995', brand: 'visa', outcome: 'insufficient_funds' },
  { number: '4000000000000069', brand: 'visa', outcome: 'expired_card' },
];

/** `4242 4242 4242 4242`: how the screen prints a test card. */
export const groupCardDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** "MM/AA" or "MM/AAAA" to month and four-digit year; null when it is neither. */
export function parseCardExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month (UTC). */
export function cardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) < current;
}

/**
 * What the provider's card element collects. Only the provider's token endpoint receives it;
 * `now` is the clock expiry is judged against (the server's in the sandbox, the browser's in
 * the form).
 */
export function cardDetailsSchema(now: () => Date) {
  return z.object({
    card_number: z
      .string({ error: 'required' })
      .transform(cardDigits)
      .refine((digits) => /^\d{13,19}$/.test(digits) && luhnValid(digits), {
        error: 'card_number',
      }),
    expiry: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .transform((text, context) => {
        const expiry = parseCardExpiry(text);
        if (!expiry) {
          context.addIssue({ code: 'custom', message: 'card_expiry' });
          return z.NEVER;
        }
        if (cardExpired(expiry, now())) {
          context.addIssue({ code: 'custom', message: 'card_expired' });
          return z.NEVER;
        }
        return expiry;
      }),
    cvc: z
      .string({ error: 'required' })
      .trim()
      .regex(/^\d{3,4}$/, { error: 'card_cvc' }),
    holder_name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  });
}
export type CardDetailsInput = z.input<ReturnType<typeof cardDetailsSchema>>;

/** The provider's answer to a tokenisation: a single-use token and what may be shown of the card. */
export const cardTokenSchema = z.object({
  id: z.string(),
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }),
  expires_at: z.string(),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

/**
 * A card deposit as our API receives it: the amount in pesos and the provider's token. Below
 * 500 MXN the 14.50 fee comes out of the deposit, so the amount must be larger than the fee.
 */
export const cardDepositSchema = z.object({
  amount: pesosAmountField.refine((centavos) => depositBreakdown(centavos).net > 0, {
    error: 'deposit_below_fee',
  }),
  token: z
    .string({ error: 'required' })
    .trim()
    // The sandbox's `tok_…`; Stripe.js's PaymentMethod `pm_…` (decision 034).
    .regex(/^(tok|pm)_[A-Za-z0-9_-]{8,200}$/, { error: 'card_token' }),
});
export type CardDepositInput = z.input<typeof cardDepositSchema>;

/** What the browser needs to take a card: which provider, its publishable key, sandbox or not. */
export const cardPaymentsConfigSchema = z.object({
  /** False when no provider is configured (production without one): the form is not offered. */
  available: z.boolean(),
  provider: z.string(),
  publishable_key: z.string().nullable(),
  sandbox: z.boolean(),
  /** Where the sandbox's card element posts card data (same origin, outside /api/v1). */
  tokens_url: z.string().nullable(),
});
export type CardPaymentsConfig = z.infer<typeof cardPaymentsConfigSchema>;

/** The card processor's signed webhook (decision 034): Stripe's signature header. */
export const STRIPE_WEBHOOK_SIGNATURE_HEADER = 'stripe-signature';

/** What we read of a Stripe event: its id (replays), its type, and the PaymentIntent it names. */
export const stripeEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.object({ id: z.string().min(1), object: z.string() }) }),
});

/**
 * How a delivery ended: the deposit `credited` or `failed`, `unresolved` (no answer yet, left
 * to the reconciliation), `duplicate` (the event was already processed), or `ignored` (an
 * event or a payment that is not one of our card deposits).
 */
export const cardWebhookAnswerSchema = z.object({
  status: z.enum(['credited', 'failed', 'unresolved', 'duplicate', 'ignored']),
});

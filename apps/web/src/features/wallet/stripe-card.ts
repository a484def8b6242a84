import { CARD_BRANDS, type CardBrand, type CardToken } from '@despacho/domain';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { currentLanguage } from '../../lib/i18n';

/** How long the server charges a PaymentMethod after Stripe.js made it (decision 034). */
const PAYMENT_METHOD_LIFETIME_MS = 60 * 60_000;

/**
 * Stripe.js, fetched from Stripe's servers only when Stripe takes cards (decision 034): the
 * sandbox's screen never loads it. Its card fields live in Stripe's frames, so the card goes to
 * Stripe and our server receives a PaymentMethod id only.
 */
export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(publishableKey, { locale: currentLanguage() });
  if (!stripe) throw new Error('Stripe.js did not load');
  return stripe;
}

const brandOf = (brand: string | undefined): CardBrand =>
  (CARD_BRANDS as readonly string[]).includes(brand ?? '') ? (brand as CardBrand) : 'unknown';

/**
 * The card typed in Stripe's element as a PaymentMethod, shaped as the review shows a token;
 * Stripe's own message (in the page's language) when it refuses the card.
 */
export async function createStripePaymentMethod(
  stripe: Stripe,
  card: StripeCardElement,
  holderName: string,
): Promise<{ token: CardToken } | { error: string }> {
  const result = await stripe.createPaymentMethod({
    type: 'card',
    card,
    billing_details: { name: holderName },
  });
  if (result.error) return { error: result.error.message ?? result.error.type };
  const method = result.paymentMethod;
  return {
    token: {
      id: method.id,
      card: { brand: brandOf(method.card?.brand), last4: method.card?.last4 ?? '' },
      expires_at: new Date(Date.now() + PAYMENT_METHOD_LIFETIME_MS).toISOString(),
    },
  };
}

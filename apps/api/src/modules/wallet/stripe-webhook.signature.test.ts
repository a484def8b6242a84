import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app';
import { ManualClock } from '../../platform/clock';
import type { ProviderCalls } from '../../platform/provider-calls';
import { StripePaymentProvider, STRIPE_WEBHOOK_TOLERANCE_SECONDS } from './card-payments.stripe';

const SECRET = 'whsec_c2lnbmF0dXJlIHRlc3Rz';
const clock = new ManualClock(new Date('2026-11-29T10:00:00Z'));
const provider = new StripePaymentProvider({
  config: testConfig({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_51Signature',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51Signature',
    STRIPE_WEBHOOK_SECRET: SECRET,
  }),
  clock,
  // Verifying a signature calls nobody.
  providerCalls: {} as ProviderCalls,
});
const body = Buffer.from(
  JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_1', object: 'payment_intent' } },
  }),
);
const sign = (secondsAgo: number, secret = SECRET, payload = body) =>
  Stripe.webhooks.generateTestHeaderString({
    payload: payload.toString(),
    secret,
    timestamp: Math.floor(clock.now().getTime() / 1000) - secondsAgo,
  });
const verify = (header: string | undefined, payload = body) =>
  provider.verifyEvent(payload, header, clock.now());
const refusal = (header: string | undefined, payload = body) => {
  try {
    verify(header, payload);
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'accepted';
};

describe("Stripe's webhook signature, checked by its SDK against our clock", () => {
  it('accepts a delivery signed with the endpoint secret within the tolerance', () => {
    expect(verify(sign(0)).id).toBe('evt_1');
    expect(verify(sign(STRIPE_WEBHOOK_TOLERANCE_SECONDS - 1)).type).toBe(
      'payment_intent.succeeded',
    );
  });

  it('refuses another secret, altered bytes, and no signature', () => {
    expect(refusal(sign(0, 'whsec_b3RoZXIgc2VjcmV0'))).toBe('WEBHOOK_SIGNATURE_INVALID');
    const altered = Buffer.from(body.toString().replace('pi_1', 'pi_2'));
    expect(refusal(sign(0), altered)).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(refusal(undefined)).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(refusal('t=1,v1=00')).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('refuses a delivery signed longer ago than the tolerance: a captured one replayed late', () => {
    expect(refusal(sign(STRIPE_WEBHOOK_TOLERANCE_SECONDS + 1))).toBe('WEBHOOK_TIMESTAMP_STALE');
  });
});

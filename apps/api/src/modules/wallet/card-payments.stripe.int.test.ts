import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/test-app';
import { ManualClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ProviderCalls, ProviderError } from '../../platform/provider-calls';
import { providerFailures } from '../../platform/provider-calls.tables';
import { StripePaymentProvider } from './card-payments.stripe';
import { StripeDouble } from './card-payments.stripe.test-support';
import type { ChargeRequest } from './payment-provider';

const SECRET = 'sk_test_51DespachoContractSecret';
const clock = new ManualClock(new Date('2026-11-29T10:00:00Z'));
const double = new StripeDouble();
let db: Db;
let provider: StripePaymentProvider;
let waits: number[] = [];
let key = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  const base = await double.start();
  double.createdAt = () => Math.floor(clock.now().getTime() / 1000) - 30;
  const providerCalls = new ProviderCalls({
    db,
    clock,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const config = testConfig({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51DespachoContract',
    STRIPE_WEBHOOK_SECRET: 'whsec_Y29udHJhY3Q=',
    STRIPE_API_BASE_URL: base,
  });
  provider = new StripePaymentProvider({ config, clock, providerCalls }, { timeoutMs: 300 });
});
afterAll(async () => {
  await double.stop();
  await db.$client.end();
});
beforeEach(async () => {
  waits = [];
  double.searchable = true;
  double.createdAt = () => Math.floor(clock.now().getTime() / 1000) - 30;
  await db.delete(providerFailures);
});

const request = (token: string): ChargeRequest => ({
  token,
  amountCentavos: 150_000,
  currency: 'MXN',
  idempotencyKey: `deposit:contract-${(key += 1)}`,
  description: 'Depósito al saldo Despacho',
});
const failures = () => db.select().from(providerFailures);
const stripeError = (status: number, type: string, message: string, extra = {}) => ({
  status,
  body: JSON.stringify({ error: { type, message, ...extra } }),
});

describe('Stripe card processor against its HTTP double', () => {
  it('confirms a PaymentIntent for the PaymentMethod under our idempotency key', async () => {
    const charge = request('pm_card_visa');
    const result = await provider.charge(charge);
    expect(result).toMatchObject({ status: 'approved', cardBrand: 'visa', last4: '4242' });
    const create = double.requests.findLast((one) => one.path === '/v1/payment_intents')!;
    expect(create.headers['idempotency-key']).toBe(charge.idempotencyKey);
    expect(create.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(Object.fromEntries(create.fields)).toMatchObject({
      amount: '150000',
      currency: 'mxn',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      error_on_requires_action: 'true',
      'metadata[despacho_key]': charge.idempotencyKey,
    });

    // The same key again (a retry, a second click): the first answer, one PaymentIntent.
    expect(await provider.charge(charge)).toEqual(result);
    expect(double.intentsFor(charge.idempotencyKey)).toHaveLength(1);
    expect(await provider.findCharge(charge.idempotencyKey)).toEqual(result);
  });

  it('maps each documented decline onto ours, as an answer and not a failure', async () => {
    const cases = [
      ['pm_card_chargeDeclined', 'card_declined'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
      ['pm_card_authenticationRequired', 'authentication_required'],
    ] as const;
    for (const [method, code] of cases) {
      const charge = request(method);
      const result = await provider.charge(charge);
      expect(result, method).toMatchObject({ status: 'declined', code });
      expect(result.paymentId, method).toMatch(/^pi_/);
      // Reconciliation reads the same decline back from the PaymentIntent.
      expect(await provider.findCharge(charge.idempotencyKey), method).toMatchObject({
        status: 'declined',
        code,
        paymentId: result.paymentId,
      });
    }
    expect(await failures()).toEqual([]);
  });

  it('refuses what is no PaymentMethod of ours, and one too old to charge', async () => {
    const before = double.requests.length;
    expect(await provider.charge(request('tok_sandbox_abcdefgh'))).toMatchObject({
      code: 'invalid_token',
    });
    expect(double.requests.length).toBe(before);
    expect(await provider.charge(request('pm_unknown_12345678'))).toMatchObject({
      code: 'invalid_token',
    });

    double.createdAt = () => Math.floor(clock.now().getTime() / 1000) - 2 * 3600;
    const stale = request('pm_card_visa');
    expect(await provider.charge(stale)).toMatchObject({ code: 'invalid_token' });
    expect(double.intentsFor(stale.idempotencyKey)).toEqual([]);
  });

  it('waits as Stripe says on a rate limit and retries the same request', async () => {
    double.fail(
      stripeError(429, 'invalid_request_error', 'Too many requests', { code: 'rate_limit' }),
    );
    double.fail({
      ...stripeError(429, 'invalid_request_error', 'Too many requests'),
      headers: { 'retry-after': '2' },
    });
    const charge = request('pm_card_mastercard');
    expect(await provider.charge(charge)).toMatchObject({ status: 'approved', last4: '4444' });
    expect(waits).toEqual([500, 2000]);
    expect((await failures()).map((row) => row.code)).toEqual(['rate_limited', 'rate_limited']);
  });

  it('gives up after its retries when Stripe errs, and keeps each failure for staff', async () => {
    const down = stripeError(500, 'api_error', 'An unknown error occurred');
    double.fail(down, down, down);
    await expect(provider.charge(request('pm_card_visa'))).rejects.toMatchObject({
      code: 'unavailable',
      details: { status: 500 },
    });
    expect(await failures()).toHaveLength(3);
  });

  it('calls a hanging request a timeout', async () => {
    double.fail('hang', 'hang', 'hang');
    await expect(provider.findCharge('deposit:hanging')).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('calls an answer it cannot read malformed', async () => {
    double.fail({ status: 200, body: '<html>maintenance</html>' });
    await expect(provider.charge(request('pm_card_visa'))).rejects.toMatchObject({
      code: 'malformed',
    });
    double.fail({ status: 200, body: JSON.stringify({ id: 'pm_1', object: 'payment_method' }) });
    await expect(provider.charge(request('pm_card_visa'))).rejects.toMatchObject({
      code: 'malformed',
    });
    const unreadable = { id: 'pi_1', object: 'payment_intent', status: 'paid' };
    double.fail({
      status: 200,
      body: JSON.stringify({ object: 'search_result', has_more: false, data: [unreadable] }),
    });
    await expect(provider.findCharge('deposit:unreadable')).rejects.toMatchObject({
      code: 'malformed',
    });
  });

  it('is rejected without retries on a wrong key, and never stores the key', async () => {
    double.fail(stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${SECRET}`));
    const error = await provider.findCharge('deposit:wrong-key').catch((thrown) => thrown);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'rejected', details: { status: 401 } });
    const [row] = await failures();
    expect(row!.message).not.toContain(SECRET);
  });

  it('finds no charge before one was made, or while the search has not caught up', async () => {
    expect(await provider.findCharge('deposit:never-charged')).toEqual({ status: 'not_found' });
    const charge = request('pm_card_visa');
    await provider.charge(charge);
    double.searchable = false;
    expect(await provider.findCharge(charge.idempotencyKey)).toEqual({ status: 'not_found' });
  });

  it('refunds a charge once per key, and never more than it took', async () => {
    const charge = request('pm_card_visa');
    const approved = await provider.charge(charge);
    const refund = {
      paymentId: approved.paymentId!,
      amountCentavos: 100_000,
      idempotencyKey: `deposit_refund:${charge.idempotencyKey}`,
    };
    const first = await provider.refund(refund);
    expect(first.refundId).toMatch(/^re_/);
    expect(await provider.refund(refund)).toEqual(first);
    expect(double.refunds.filter((one) => one.payment_intent === approved.paymentId)).toHaveLength(
      1,
    );
    await expect(
      provider.refund({ ...refund, idempotencyKey: 'another', amountCentavos: 60_000 }),
    ).rejects.toMatchObject({ code: 'rejected', details: { status: 400 } });
  });

  it('tells the browser the publishable key only', () => {
    const config = provider.publicConfig();
    expect(config).toEqual({
      available: true,
      provider: 'stripe',
      publishable_key: 'pk_test_51DespachoContract',
      sandbox: true,
      tokens_url: null,
    });
    expect(JSON.stringify(config)).not.toContain(SECRET);
  });
});

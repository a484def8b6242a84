import { CARD_NOT_CHARGED_REASON, depositBreakdown } from '@despacho/domain';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type TestUser,
} from '../../../test/users';
import { auditLog } from '../../platform/audit.tables';
import { verifyLedger } from '../invariants';
import type { StripePaymentProvider } from './card-payments.stripe';
import { StripeDouble } from './card-payments.stripe.test-support';
import * as deposits from './deposits.repository';

const SECRET_KEY = 'sk_test_51DespachoFlowSecretKey';
const WEBHOOK_SECRET = 'whsec_ZmxvdyB3ZWJob29rIHNlY3JldA==';
const DELAY_S = 60;
const double = new StripeDouble();
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let stripe: StripePaymentProvider;

beforeAll(async () => {
  // Read at each answer the double gives, once the app (and its clock) exists.
  double.createdAt = () => Math.floor(ctx.clock.now().getTime() / 1000) - 30;
  ctx = await createTestApp({
    LOG_LEVEL: 'trace',
    CARD_RECONCILE_AFTER_SECONDS: DELAY_S,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51DespachoFlow',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: await double.start(),
  });
  stripe = ctx.app.services.stripePayments!;
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  // Secrets never logged: not the secret key, not the webhook's signing secret.
  const logged = ctx.logs.join('\n');
  expect(ctx.logs.length).toBeGreaterThan(0);
  expect(logged).not.toContain(SECRET_KEY);
  expect(logged).not.toContain(WEBHOOK_SECRET);
  await ctx.close();
  await double.stop();
});

const balance = async (user: TestUser) =>
  (await callAs(ctx.app, user, 'GET', '/wallet/balance')).json().data.available_centavos as number;
const depositOf = async (id: string) => (await deposits.findDepositById(ctx.db, id))!;
const deposit = (user: TestUser, amount: string, token: string, key = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/deposits/card',
    headers: user.headers({ 'idempotency-key': key }),
    payload: { amount, token },
  });

/** A delivery as Stripe sends it, signed by the SDK's own test helper at `signedAt`. */
function delivery(
  event: { id: string; type: string; intent: string },
  options: { secret?: string; signedAt?: Date } = {},
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    data: { object: { id: event.intent, object: 'payment_intent' } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: Math.floor((options.signedAt ?? ctx.clock.now()).getTime() / 1000),
  });
  return () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
}

/**
 * A card deposit whose request died after the step named — `recorded` (the row only) or
 * `charged` (Stripe also charged the card) — so its answer never came back.
 */
async function interrupted(user: TestUser, step: 'recorded' | 'charged', method = 'pm_card_visa') {
  const amount = 120_000;
  const now = ctx.clock.now();
  const breakdown = depositBreakdown(amount);
  const row = await deposits.insertDeposit(ctx.db, {
    organizationId: user.organizationId!,
    method: 'card',
    status: 'pending',
    amount,
    fee: breakdown.fee_total,
    net: breakdown.net,
    idempotencyKey: randomUUID(),
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
  });
  const key = `deposit:${row.id}`;
  if (step === 'charged') {
    await stripe.charge({
      token: method,
      amountCentavos: amount,
      currency: 'MXN',
      idempotencyKey: key,
      description: 'prueba',
    });
  }
  return { row, intent: double.intentsFor(key)[0]?.id };
}

describe('card deposits through Stripe (its HTTP double)', () => {
  it('offers Stripe.js with the publishable key only', async () => {
    const { user } = await createTestMerchant(ctx);
    const answer = await callAs(ctx.app, user, 'GET', '/deposits/card/config');
    // The page may load Stripe.js and its card frames, and nothing else more.
    expect(answer.headers['content-security-policy']).toContain(
      "script-src 'self' https://js.stripe.com;",
    );
    const config = answer.json().data;
    expect(config).toEqual({
      available: true,
      provider: 'stripe',
      publishable_key: 'pk_test_51DespachoFlow',
      sandbox: true,
      tokens_url: null,
    });
  });

  it('charges a PaymentMethod once and credits it, the small-deposit fee taken as today', async () => {
    const { user } = await createTestMerchant(ctx);
    const key = randomUUID();
    const first = await deposit(user, '300.00', 'pm_card_visa', key);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'credited', card_summary: 'Visa •••• 4242' });
    const fee = depositBreakdown(30_000).fee_total;
    expect(fee).toBeGreaterThan(0);
    expect(await balance(user)).toBe(30_000 - fee);

    const again = await deposit(user, '300.00', 'pm_card_visa', key);
    expect(again.statusCode).toBe(200);
    expect(double.intentsFor(`deposit:${first.json().data.id}`)).toHaveLength(1);
    expect(await balance(user)).toBe(30_000 - fee);
  });

  it('answers a decline with its reason and keeps the deposit failed', async () => {
    const { user } = await createTestMerchant(ctx);
    const declined = await deposit(user, '800.00', 'pm_card_chargeDeclinedInsufficientFunds');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      code: 'CARD_DECLINED',
      details: { decline_code: 'insufficient_funds' },
    });
    const id = declined.json().error.details.deposit_id as string;
    expect(await depositOf(id)).toMatchObject({
      status: 'failed',
      rejectReason: 'Fondos insuficientes',
    });
    const needs3ds = await deposit(user, '800.00', 'pm_card_authenticationRequired');
    expect(needs3ds.json().error.details.decline_code).toBe('authentication_required');
    expect(await balance(user)).toBe(0);
  });

  it('answers 409, not 500, when Stripe refuses the call, and leaves the deposit pending', async () => {
    const { user } = await createTestMerchant(ctx);
    double.fail({
      status: 401,
      body: JSON.stringify({
        error: { type: 'invalid_request_error', message: 'Invalid API Key' },
      }),
    });
    const refused = await deposit(user, '800.00', 'pm_card_visa');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CARD_CHARGE_UNRESOLVED');
    const id = refused.json().error.details.deposit_id as string;
    expect((await depositOf(id)).status).toBe('pending');
  });

  it('credits from the signed webhook once, however often it is delivered', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row, intent } = await interrupted(user, 'charged');
    const send = delivery({
      id: `evt_${randomUUID()}`,
      type: 'payment_intent.succeeded',
      intent: intent!,
    });

    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ status: 'credited' });
    expect(await depositOf(row.id)).toMatchObject({
      status: 'credited',
      cardSummary: 'Visa •••• 4242',
    });
    expect(await balance(user)).toBe(120_000);

    // Stripe retries, or someone replays the captured delivery: nothing moves again.
    expect((await send()).json().data).toEqual({ status: 'duplicate' });
    expect(await balance(user)).toBe(120_000);
    // The reconciliation then finds it settled.
    ctx.clock.advance(DELAY_S * 1000 + 1);
    await ctx.app.jobs.sweep();
    expect(await balance(user)).toBe(120_000);
  });

  it('fails the deposit from a payment_failed event', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row, intent } = await interrupted(user, 'charged', 'pm_card_chargeDeclined');
    const send = delivery({
      id: `evt_${randomUUID()}`,
      type: 'payment_intent.payment_failed',
      intent: intent!,
    });
    expect((await send()).json().data).toEqual({ status: 'failed' });
    expect(await depositOf(row.id)).toMatchObject({
      status: 'failed',
      rejectReason: 'Tarjeta rechazada por el banco emisor',
    });
  });

  it('refuses a wrong or stale signature, and ignores what is not a card deposit', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row, intent } = await interrupted(user, 'charged');
    const event = { id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded', intent: intent! };

    const wrong = await delivery(event, { secret: 'whsec_b3RoZXI=' })();
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stale = await delivery(event, {
      signedAt: new Date(ctx.clock.now().getTime() - 10 * 60_000),
    })();
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('WEBHOOK_TIMESTAMP_STALE');
    expect((await depositOf(row.id)).status).toBe('pending');

    const other = await delivery({
      ...event,
      id: `evt_${randomUUID()}`,
      type: 'charge.refunded',
    })();
    expect(other.json().data).toEqual({ status: 'ignored' });
    // Refused deliveries were never recorded: the genuine one still settles the deposit.
    expect((await delivery(event)()).json().data).toEqual({ status: 'credited' });
  });

  it('credits by reconciliation when the webhook was lost, and fails one never charged', async () => {
    const { user } = await createTestMerchant(ctx);
    const charged = await interrupted(user, 'charged');
    const recorded = await interrupted(user, 'recorded');

    await ctx.app.jobs.sweep();
    expect((await depositOf(charged.row.id)).status).toBe('pending');

    ctx.clock.advance(DELAY_S * 1000 + 1);
    await ctx.app.jobs.sweep();
    expect(await depositOf(charged.row.id)).toMatchObject({
      status: 'credited',
      providerPaymentId: charged.intent,
    });
    expect(await balance(user)).toBe(120_000);
    // Never charged, and its PaymentMethod could still be: it waits.
    expect((await depositOf(recorded.row.id)).status).toBe('pending');

    ctx.clock.advance(stripe.chargeWindowMs);
    await ctx.app.jobs.sweep();
    const again = await signIn(ctx, user);
    expect(await depositOf(recorded.row.id)).toMatchObject({
      status: 'failed',
      rejectReason: CARD_NOT_CHARGED_REASON.es,
    });
    // The webhook that arrives after all finds the deposit settled.
    const late = delivery({
      id: `evt_${randomUUID()}`,
      type: 'payment_intent.succeeded',
      intent: charged.intent!,
    });
    expect((await late()).json().data).toEqual({ status: 'duplicate' });
    expect(await balance(again)).toBe(120_000);
  });

  it('refunds an unspent card deposit to its card once, audited, and never a spent one', async () => {
    const { user } = await createTestMerchant(ctx);
    const staff = await createTestUser(ctx, { isStaff: true });
    const made = (await deposit(user, '800.00', 'pm_card_visa')).json().data;
    const refund = (id: string) =>
      callAs(ctx.app, staff, 'POST', `/staff/deposits/${id}/refund-card`);

    // Stripe refusing the call: the balance is taken, and repeating the refund asks again.
    double.fail({
      status: 401,
      body: JSON.stringify({
        error: { type: 'invalid_request_error', message: 'Invalid API Key' },
      }),
    });
    const unanswered = await refund(made.id);
    expect(unanswered.statusCode).toBe(409);
    expect(unanswered.json().error.code).toBe('CARD_CHARGE_UNRESOLVED');
    expect(await balance(user)).toBe(0);
    const intent = (await depositOf(made.id)).providerPaymentId;
    expect(double.refunds.filter((one) => one.payment_intent === intent)).toEqual([]);

    for (const attempt of [1, 2]) {
      const done = await refund(made.id);
      expect(done.statusCode, `attempt ${attempt}`).toBe(200);
    }
    expect(double.refunds.filter((one) => one.payment_intent === intent)).toMatchObject([
      { amount: 80_000 },
    ]);
    expect(await balance(user)).toBe(0);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.refund_card'), eq(auditLog.subjectId, made.id)));
    expect(audited).toHaveLength(1);
    // The merchant is told once, however often staff pressed it.
    const told = await ctx.db.execute<{ code: string; params: unknown }>(
      sql`select code, params from notifications
           where organization_id = ${user.organizationId} and code = 'deposit_card_refunded'`,
    );
    expect(told.rows).toEqual([
      {
        code: 'deposit_card_refunded',
        params: { net: 80_000, card: expect.stringMatching(/4242/) },
      },
    ]);

    // Spent in part: the balance no longer holds it, and nothing is refunded.
    const spent = (await deposit(user, '800.00', 'pm_card_mastercard')).json().data;
    await ctx.app.services.ledger.debit({
      organizationId: user.organizationId!,
      idempotencyKey: `spend:${spent.id}`,
      kind: 'fee',
      lines: [{ account: 'revenue', amount: 100 }],
    });
    const refused = await refund(spent.id);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('INSUFFICIENT_BALANCE');
    const spentIntent = (await depositOf(spent.id)).providerPaymentId;
    expect(double.refunds.filter((one) => one.payment_intent === spentIntent)).toEqual([]);
  });
});

import { CARD_NOT_CHARGED_REASON, depositBreakdown } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type TestUser,
} from '../../../test/users';
import { SandboxPaymentProvider } from './card-payments.sandbox';
import { CardDepositsService } from './card-deposits.service';
import { NotificationsService } from '../notifications/notifications.service';
import * as deposits from './deposits.repository';
import { LedgerService } from './ledger.service';
import { verifyLedger } from '../invariants';

/** The reconciliation delay of these tests (CARD_RECONCILE_AFTER_SECONDS). */
const DELAY_S = 60;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let sandbox: SandboxPaymentProvider;
const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
  callAs(ctx.app, ...args);

beforeAll(async () => {
  ctx = await createTestApp({ CARD_RECONCILE_AFTER_SECONDS: DELAY_S });
  sandbox = new SandboxPaymentProvider(ctx);
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

const pastDelay = () => ctx.clock.advance(DELAY_S * 1000 + 1);
const balance = async (user: TestUser) =>
  (await call(user, 'GET', '/wallet/balance')).json().data.available_centavos as number;
/** Whether some transaction holds the sandbox's lock on an idempotency key (in this database). */
async function keyLocked(key: string): Promise<boolean> {
  const { rows } = await ctx.db.execute<{ held: boolean }>(sql`
    select exists (
      select from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())
        and ((classid::bigint << 32) | objid::bigint) = hashtextextended(${`sandbox:${key}`}, 0)
    ) as held`);
  return rows[0]!.held;
}

const depositOf = async (id: string) => (await deposits.findDepositById(ctx.db, id))!;

/**
 * A card deposit as a request leaves it when its process dies after the step named: `recorded`
 * (the row only), or `charged` (the provider also charged the card) — the answer never came.
 */
async function interrupted(
  user: TestUser,
  step: 'recorded' | 'charged',
  card = '4242424242424242',
  amount = 100_000,
) {
  const token = await sandbox.tokenize({ card_number: card });
  const key = randomUUID();
  const now = ctx.clock.now();
  const breakdown = depositBreakdown(amount);
  const row = await deposits.insertDeposit(ctx.db, {
    organizationId: user.organizationId!,
    method: 'card',
    status: 'pending',
    amount,
    fee: breakdown.fee_total,
    net: breakdown.net,
    idempotencyKey: key,
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
  });
  if (step === 'charged') {
    await sandbox.charge({
      token: token.id,
      amountCentavos: amount,
      currency: 'MXN',
      idempotencyKey: `deposit:${row.id}`,
      description: 'prueba',
    });
  }
  return { row, key, token: token.id, pesos: (amount / 100).toFixed(2) };
}

describe('card deposit reconciliation', () => {
  it('credits, once, a deposit the provider approved whose answer was lost', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row, key, token, pesos } = await interrupted(user, 'charged');

    // Before the delay a request may still be finishing it: the sweep leaves it alone.
    await ctx.app.jobs.sweep();
    expect((await depositOf(row.id)).status).toBe('pending');

    pastDelay();
    // Two runners (processes) sweep at once: one credit.
    await Promise.all([ctx.app.jobs.sweep(), ctx.app.jobs.sweep()]);
    const credited = await depositOf(row.id);
    expect(credited).toMatchObject({ status: 'credited', cardSummary: 'Visa •••• 4242' });
    expect(credited.providerPaymentId).toMatch(/^pay_sandbox_/);
    expect(await balance(user)).toBe(100_000);
    await ctx.app.jobs.sweep();
    expect(await balance(user)).toBe(100_000);

    // The merchant's reload re-sends the key: the same deposit, credited, nothing moves.
    const retry = await call(user, 'POST', '/deposits/card', { amount: pesos, token });
    expect(retry.statusCode).toBe(400); // no key: refused before anything
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/deposits/card',
      headers: user.headers({ 'idempotency-key': key }),
      payload: { amount: pesos, token },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ id: row.id, status: 'credited' });
    expect(await balance(user)).toBe(100_000);
    const notifications = (await call(user, 'GET', '/notifications')).json().data;
    expect(notifications.map((n: { title: string }) => n.title)).toEqual(['Depósito acreditado']);
  });

  it('fails a deposit the provider declined, with its reason, and moves nothing', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row } = await interrupted(user, 'charged', '4000000000009995');
    pastDelay();
    await ctx.app.jobs.sweep();
    expect(await depositOf(row.id)).toMatchObject({
      status: 'failed',
      rejectReason: 'Fondos insuficientes',
      ledgerTransactionId: null,
    });
    expect(await balance(user)).toBe(0);
  });

  it('fails a deposit never charged only once its card can no longer be charged', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row, key, token, pesos } = await interrupted(user, 'recorded');
    pastDelay();
    await ctx.app.jobs.sweep();
    // The token still lives: a retry with the key could charge it, so it stays pending.
    expect((await depositOf(row.id)).status).toBe('pending');

    ctx.clock.advance(sandbox.chargeWindowMs);
    await ctx.app.jobs.sweep();
    expect(await depositOf(row.id)).toMatchObject({
      status: 'failed',
      rejectReason: CARD_NOT_CHARGED_REASON.es,
    });
    // A late retry (signed in again: time passed) cannot charge the expired token.
    const again = await signIn(ctx, user);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/deposits/card',
      headers: again.headers({ 'idempotency-key': key }),
      payload: { amount: pesos, token },
    });
    expect(late.statusCode).toBe(402);
    expect((await depositOf(row.id)).status).toBe('failed');
    expect(await balance(again)).toBe(0);
  });

  it('reads the outcome the sandbox recorded, waiting for a charge under way', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row } = await interrupted(user, 'recorded');
    const key = `deposit:${row.id}`;
    expect(await sandbox.findCharge(key)).toEqual({ status: 'not_found' });
    // The charge holds the key while it runs; the lookup answers what it then recorded. The
    // lookup starts once the charge holds the key's lock (or has already finished).
    const token = await sandbox.tokenize({ card_number: '5555555555554444' });
    let settled = false;
    const charging = sandbox
      .charge({
        token: token.id,
        amountCentavos: row.amount,
        currency: 'MXN',
        idempotencyKey: key,
        description: 'prueba',
      })
      .finally(() => (settled = true));
    await expect.poll(async () => settled || (await keyLocked(key)), { interval: 5 }).toBe(true);
    const found = await sandbox.findCharge(key);
    expect(found).toEqual(await charging);
    expect(found).toMatchObject({ status: 'approved', cardBrand: 'mastercard', last4: '4444' });
  });

  it('leaves the deposit pending, to try again, when the provider does not answer', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row } = await interrupted(user, 'charged');
    pastDelay();
    const service = new CardDepositsService({
      ...ctx,
      config: testConfig({ CARD_RECONCILE_AFTER_SECONDS: DELAY_S }),
      ledger: new LedgerService(ctx),
      notifications: new NotificationsService(ctx),
      events: ctx.app.services.events,
      depositCredited: ctx.app.services.billing.depositCredited,
      provider: {
        charge: (request) => sandbox.charge(request),
        findCharge: () => Promise.reject(new Error('connect ECONNREFUSED')),
        chargeWindowMs: sandbox.chargeWindowMs,
        publicConfig: () => sandbox.publicConfig(),
      },
    });
    expect(await service.reconcileStuck(ctx.clock.now())).toMatchObject({ settled: 0 });
    expect((await depositOf(row.id)).status).toBe('pending');
    // The next sweep, with the provider back, credits it.
    await ctx.app.jobs.sweep();
    expect((await depositOf(row.id)).status).toBe('credited');
  });
});

describe('stuck card deposits in the staff console', () => {
  let staff: TestUser;
  beforeAll(async () => {
    staff = await createTestUser(ctx, { isStaff: true });
  });
  it('lists card deposits pending past the delay and settles them with the provider, audited', async () => {
    const { user, organization } = await createTestMerchant(ctx, 'Tarjetas Atoradas');
    const charged = await interrupted(user, 'charged', '4242424242424242', 30_000);
    const recent = await interrupted(user, 'charged');
    // The recent one was recorded after the delay started counting for the first.
    ctx.clock.advance(DELAY_S * 1000 - 1000);
    const recentRow = await interrupted(user, 'recorded');
    ctx.clock.advance(2000);

    const stuck = await call(staff, 'GET', '/staff/deposits?stuck=true');
    expect(stuck.statusCode).toBe(200);
    const ids = stuck.json().data.map((deposit: { id: string }) => deposit.id);
    expect(ids).toContain(charged.row.id);
    expect(ids).toContain(recent.row.id);
    expect(ids).not.toContain(recentRow.row.id);

    const verified = await call(staff, 'POST', `/staff/deposits/${charged.row.id}/verify-card`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({
      id: charged.row.id,
      status: 'credited',
      net_centavos: 28_550,
      organization_name: 'Tarjetas Atoradas',
    });
    expect(await balance(user)).toBe(28_550);
    const audit = (
      await call(staff, 'GET', `/staff/audit?organization_id=${organization.id}`)
    ).json().data;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'deposit.reconcile',
        subject_id: charged.row.id,
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'credited' }),
      }),
    ]);

    // Again: no longer pending.
    const again = await call(staff, 'POST', `/staff/deposits/${charged.row.id}/verify-card`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DEPOSIT_ALREADY_REVIEWED');
    expect(await balance(user)).toBe(28_550);

    // Never charged and still chargeable: nothing to decide yet, said in the caller's language.
    const unresolved = await call(
      staff,
      'POST',
      `/staff/deposits/${recentRow.row.id}/verify-card`,
      undefined,
      'en',
    );
    expect(unresolved.statusCode).toBe(409);
    expect(unresolved.json().error).toMatchObject({
      code: 'CARD_CHARGE_UNRESOLVED',
      message: expect.stringContaining('Check again in a few minutes'),
    });
    expect((await depositOf(recentRow.row.id)).status).toBe('pending');
  });

  it('is for staff only, and only for card deposits', async () => {
    const { user } = await createTestMerchant(ctx);
    const { row } = await interrupted(user, 'charged');
    expect((await call(user, 'POST', `/staff/deposits/${row.id}/verify-card`)).statusCode).toBe(
      403,
    );
    expect((await call(user, 'GET', '/staff/deposits?stuck=true')).statusCode).toBe(403);
    const spei = await deposits.insertDeposit(ctx.db, {
      ...row,
      id: randomUUID(),
      method: 'spei',
      idempotencyKey: randomUUID(),
    });
    expect((await call(staff, 'POST', `/staff/deposits/${spei.id}/verify-card`)).statusCode).toBe(
      404,
    );
    expect((await depositOf(row.id)).status).toBe('pending');
  });
});

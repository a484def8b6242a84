import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { verifyLedger } from '../invariants';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

async function tokenFor(cardNumber: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/payments/tokens',
    payload: { card_number: cardNumber, expiry: '12/30', cvc: '123', holder_name: 'Ana Prueba' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

function deposit(
  user: TestUser,
  payload: object,
  { key = randomUUID(), language = 'es' }: { key?: string | null; language?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/deposits/card',
    headers: user.headers({
      'x-language': language,
      ...(key === null ? {} : { 'idempotency-key': key }),
    }),
    payload,
  });
}

async function balance(user: TestUser): Promise<number> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/wallet/balance',
    headers: user.headers(),
  });
  return response.json().data.available_centavos;
}

/** The ledger entries of a deposit's credit, by account kind. */
async function entriesOf(transactionId: string) {
  const { rows } = await ctx.db.$client.query<{ kind: string; amount: number }>(
    `select a.kind, e.amount::int as amount from ledger_entries e
       join ledger_accounts a on a.id = e.account_id
      where e.transaction_id = $1 order by a.kind`,
    [transactionId],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.amount]));
}

const sandboxCharges = async (depositId: string) =>
  (
    await ctx.db.$client.query(
      `select status, amount::int as amount from sandbox_card_charges where idempotency_key = $1`,
      [`deposit:${depositId}`],
    )
  ).rows;

describe('card deposits', () => {
  it('tells the browser which provider takes the card, with no secret', async () => {
    const { user } = await createTestMerchant(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/deposits/card/config',
      headers: user.headers(),
    });
    expect(response.json().data).toEqual({
      available: true,
      provider: 'sandbox',
      publishable_key: 'pk_sandbox_despacho',
      sandbox: true,
      tokens_url: '/sandbox/payments/tokens',
    });
  });

  it('credits a deposit below 500 MXN minus the 14.50 fee, in one ledger transaction', async () => {
    const { user } = await createTestMerchant(ctx);
    const response = await deposit(user, {
      amount: '300.00',
      token: await tokenFor('4242424242424242'),
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      method: 'card',
      status: 'credited',
      amount_centavos: 30_000,
      fee_centavos: 1_450,
      net_centavos: 28_550,
      card_summary: 'Visa •••• 4242',
      reject_reason: null,
      credited_at: '2026-03-02T16:00:00.000Z',
    });
    expect(await balance(user)).toBe(28_550);
    expect(await entriesOf(data.ledger_transaction_id)).toEqual({
      card_clearing: -30_000,
      fees: 1_250,
      vat_payable: 200,
      wallet: 28_550,
    });
    const [row] = (
      await ctx.db.$client.query(
        `select provider_payment_id, created_by from deposits where id = $1`,
        [data.id],
      )
    ).rows;
    expect(row).toEqual({
      provider_payment_id: expect.stringMatching(/^pay_sandbox_/),
      created_by: user.id,
    });
  });

  it('credits 500 MXN or more whole, with no fee', async () => {
    const { user } = await createTestMerchant(ctx);
    const response = await deposit(user, {
      amount: '500',
      token: await tokenFor('5555 5555 5555 4444'),
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      fee_centavos: 0,
      net_centavos: 50_000,
      card_summary: 'Mastercard •••• 4444',
    });
    expect(await entriesOf(data.ledger_transaction_id)).toEqual({
      card_clearing: -50_000,
      wallet: 50_000,
    });
    expect(await balance(user)).toBe(50_000);
  });

  it.each([
    [
      '4000000000000002',
      'es',
      'card_declined',
      'Tu tarjeta fue rechazada: Tarjeta rechazada por el banco emisor.',
    ],
    ['4000000000009995', 'en', 'insufficient_funds', 'Your card was declined: Insufficient funds.'],
    ['4000000000000069', 'es', 'expired_card', 'Tu tarjeta fue rechazada: Tarjeta vencida.'],
    [
      '4111111111111111',
      'en',
      'test_mode_live_card',
      'Your card was declined: Only test cards are accepted in sandbox mode.',
    ],
  ])(
    'declines %s with the provider’s reason (%s) and credits nothing',
    async (card, language, code, message) => {
      const { user } = await createTestMerchant(ctx);
      const response = await deposit(
        user,
        { amount: '800', token: await tokenFor(card) },
        { language },
      );
      expect(response.statusCode).toBe(402);
      const error = response.json().error;
      expect(error).toMatchObject({
        code: 'CARD_DECLINED',
        message,
        details: { decline_code: code },
      });
      expect(await balance(user)).toBe(0);
      const { rows } = await ctx.db.$client.query(
        `select status, reject_reason, ledger_transaction_id from deposits where id = $1`,
        [error.details.deposit_id],
      );
      expect(rows).toEqual([
        { status: 'failed', reject_reason: expect.any(String), ledger_transaction_id: null },
      ]);
    },
  );

  it('a retry of a declined deposit answers the same decline, in the retry’s language', async () => {
    const { user } = await createTestMerchant(ctx);
    const payload = { amount: '800', token: await tokenFor('4000000000000002') };
    const key = randomUUID();
    const first = await deposit(user, payload, { key });
    const retry = await deposit(user, payload, { key, language: 'en' });
    expect(retry.statusCode).toBe(402);
    expect(retry.json().error.message).toBe(
      'Your card was declined: Card declined by the issuing bank.',
    );
    expect(retry.json().error.details.deposit_id).toBe(first.json().error.details.deposit_id);
  });

  it('charges and credits once when the same Idempotency-Key arrives twice at once (double click)', async () => {
    const { user } = await createTestMerchant(ctx);
    const payload = { amount: '300', token: await tokenFor('4242424242424242') };
    const key = randomUUID();
    const answers = await Promise.all([
      deposit(user, payload, { key }),
      deposit(user, payload, { key }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [one, two] = answers.map((answer) => answer.json().data);
    expect(two).toEqual(one);
    expect(one.status).toBe('credited');
    expect(await sandboxCharges(one.id)).toEqual([{ status: 'approved', amount: 30_000 }]);
    expect(await balance(user)).toBe(28_550);
    const { rows } = await ctx.db.$client.query(
      `select count(*)::int as deposits from deposits where organization_id = $1`,
      [user.organizationId],
    );
    expect(rows).toEqual([{ deposits: 1 }]);

    // Later retries answer the credited deposit without asking the provider again.
    const later = await deposit(user, payload, { key });
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toEqual(one);
    expect(await balance(user)).toBe(28_550);
  });

  it('a token pays once: a second deposit with it is declined', async () => {
    const { user } = await createTestMerchant(ctx);
    const token = await tokenFor('4242424242424242');
    expect((await deposit(user, { amount: '600', token })).statusCode).toBe(201);
    const reused = await deposit(user, { amount: '600', token });
    expect(reused.statusCode).toBe(402);
    expect(reused.json().error).toMatchObject({
      code: 'CARD_DECLINED',
      details: { decline_code: 'token_already_used' },
    });
    const unknown = await deposit(user, { amount: '600', token: 'tok_sandbox_doesnotexist' });
    expect(unknown.json().error.details.decline_code).toBe('invalid_token');
    expect(await balance(user)).toBe(60_000);
  });

  it('an expired token is declined', async () => {
    const token = await tokenFor('4242424242424242');
    ctx.clock.advance(16 * 60_000);
    // Signed in after the wait: access tokens live 15 minutes too.
    const { user } = await createTestMerchant(ctx);
    const response = await deposit(user, { amount: '600', token });
    expect(response.json().error.details.decline_code).toBe('invalid_token');
  });

  it('refuses the same Idempotency-Key for another amount, and a missing key', async () => {
    const { user } = await createTestMerchant(ctx);
    const key = randomUUID();
    expect(
      (await deposit(user, { amount: '600', token: await tokenFor('4242424242424242') }, { key }))
        .statusCode,
    ).toBe(201);
    const other = await deposit(
      user,
      { amount: '700', token: await tokenFor('4242424242424242') },
      { key },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const missing = await deposit(
      user,
      { amount: '600', token: 'tok_sandbox_abcdefgh' },
      { key: null },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await balance(user)).toBe(60_000);
  });

  it.each([
    ['0', 'El monto debe ser mayor a 0.'],
    ['10.123', 'Usa máximo 2 decimales.'],
    ['14.50', 'Abajo de $500.00 se cobra una comisión de $14.50: el monto debe ser mayor.'],
    ['1000000.01', 'El monto máximo por depósito es de $1,000,000.00.'],
  ])('refuses the amount %s (spec §5) before anything is charged', async (amount, message) => {
    const { user } = await createTestMerchant(ctx);
    const response = await deposit(user, { amount, token: await tokenFor('4242424242424242') });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ amount: message });
  });

  it('needs finances.deposits', async () => {
    const { organization } = await createTestMerchant(ctx);
    const user = await createTestUser(ctx, {
      organizationId: organization.id,
      permissions: ['dashboard', 'finances.purchases'],
    });
    const config = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/deposits/card/config',
      headers: user.headers(),
    });
    expect(config.statusCode).toBe(403);
    const response = await deposit(user, {
      amount: '600',
      token: await tokenFor('4242424242424242'),
    });
    expect(response.statusCode).toBe(403);
    expect(await balance(user)).toBe(0);
  });
});

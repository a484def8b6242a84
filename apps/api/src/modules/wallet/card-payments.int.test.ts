import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant } from '../../../test/users';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const card = {
  card_number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  holder_name: 'Ana Prueba',
};

const tokenize = (payload: object, language = 'es') =>
  ctx.app.inject({
    method: 'POST',
    url: '/sandbox/payments/tokens',
    headers: { 'x-language': language },
    payload,
  });

describe('the sandbox provider’s card endpoint', () => {
  it('answers a single-use token and what may be shown of the card, without signing in', async () => {
    const response = await tokenize(card);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.stringMatching(/^tok_sandbox_[\w-]{20,}$/),
      card: { brand: 'visa', last4: '4242' },
      // 15 minutes after the test clock's now.
      expires_at: '2026-03-02T16:15:00.000Z',
    });
  });

  it('checks the card like a provider: Luhn, a future expiry, a 3–4 digit CVC, the name', async () => {
    const response = await tokenize({
      card_number: '4242 4242 4242 4241',
      expiry: '02/26',
      cvc: '12',
      holder_name: ' ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        card_number: 'Revisa el número de la tarjeta: no es válido.',
        expiry: 'La tarjeta está vencida.',
        cvc: 'El código de seguridad tiene 3 o 4 dígitos.',
        holder_name: 'Este campo es obligatorio.',
      },
    });

    const english = await tokenize({ ...card, expiry: '2030-12', cvc: '12345' }, 'en');
    expect(english.json().error.fields).toEqual({
      expiry: 'Enter the expiry as MM/YY, for example 12/30.',
      cvc: 'The security code has 3 or 4 digits.',
    });
  });

  it('takes a 4-digit CVC and the current month as still valid', async () => {
    const response = await tokenize({ ...card, expiry: '03/2026', cvc: '1234' });
    expect(response.statusCode).toBe(201);
  });

  it('stands outside the API: not among the routes that declare access', () => {
    expect(ctx.app.declaredRoutes.some((route) => route.url.includes('sandbox'))).toBe(false);
  });

  it('is left out of the /api/v1 OpenAPI document, which has the card deposit routes', async () => {
    const paths = Object.keys(ctx.app.swagger().paths ?? {});
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/deposits/card', '/api/v1/deposits/card/config']),
    );
    expect(paths).not.toContain('/sandbox/payments/tokens');
  });

  it('stores no card number, expiry or CVC anywhere: only brand, last four and the outcome', async () => {
    const secret = {
      ...card,
      card_number: '5555555555554444',
      holder_name: 'Titular Zapata Ñuñez',
    };
    expect((await tokenize(secret)).statusCode).toBe(201);

    const columns = await ctx.db.$client.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    const names = columns.rows.map((row) => row.column_name);
    expect(names.filter((name) => /card_number|cvc|cvv|pan$|expiry|exp_month/.test(name))).toEqual(
      [],
    );
    const tables = [...new Set(columns.rows.map((row) => row.table_name))];
    for (const table of tables) {
      const { rows } = await ctx.db.$client.query<{ found: number }>(
        `select count(*)::int as found from "${table}" t
          where t::text like '%5555555555554444%' or t::text like '%Zapata%'`,
      );
      expect(rows[0]!.found, table).toBe(0);
    }
    const { rows } = await ctx.db.$client.query(
      `select brand, last4, outcome, used_at from sandbox_card_tokens where last4 = '4444'`,
    );
    expect(rows).toEqual([
      { brand: 'mastercard', last4: '4444', outcome: 'approved', used_at: null },
    ]);
  });
});

describe('without a payment provider (production default)', () => {
  it('offers no card form, refuses card deposits and has no sandbox endpoint', async () => {
    const off = await createTestApp({ PAYMENT_PROVIDER: 'none' });
    try {
      const { user } = await createTestMerchant(off);
      const config = await off.app.inject({
        method: 'GET',
        url: '/api/v1/deposits/card/config',
        headers: user.headers(),
      });
      expect(config.json().data).toEqual({
        available: false,
        provider: 'none',
        publishable_key: null,
        sandbox: false,
        tokens_url: null,
      });
      const deposit = await off.app.inject({
        method: 'POST',
        url: '/api/v1/deposits/card',
        headers: user.headers({ 'idempotency-key': 'no-provider-1' }),
        payload: { amount: '600', token: 'tok_sandbox_whatever123' },
      });
      expect(deposit.statusCode).toBe(503);
      expect(deposit.json().error.code).toBe('CARD_PAYMENTS_UNAVAILABLE');
      const tokens = await off.app.inject({
        method: 'POST',
        url: '/sandbox/payments/tokens',
        payload: card,
      });
      expect(tokens.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

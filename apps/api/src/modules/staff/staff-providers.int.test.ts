import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { ProviderCalls, ProviderError } from '../../platform/provider-calls';

const AUTH_TOKEN = '89abcdef0123456789abcdef01234567';

describe('operators’ console: providers and their failures', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let staff: TestUser;
  let merchant: TestUser;
  let calls: ProviderCalls;

  const get = (user: TestUser, url: string) => callAs(ctx.app, user, 'GET', url, undefined, 'en');

  beforeAll(async () => {
    ctx = await createTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'d4'.repeat(16)}`,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+15005550006',
      FEDEX_MODE: 'test',
      FEDEX_CLIENT_ID: 'fedex-client',
      FEDEX_CLIENT_SECRET: 'fedex-secret-value',
      FEDEX_ACCOUNT_NUMBER: '123456789',
    });
    staff = await createTestUser(ctx, { isStaff: true });
    merchant = (await createTestMerchant(ctx, 'Tienda Proveedores')).user;
    // The app's own kind of recorder, on the same database, as an adapter's call would use it.
    calls = new ProviderCalls({ db: ctx.db, clock: ctx.clock, sleep: async () => {} });
  });
  afterAll(() => ctx.close());

  const failWith = (kind: 'sms' | 'carrier', provider: string, error: ProviderError) =>
    calls
      .run({ kind, provider, operation: kind === 'sms' ? 'send' : 'rate' }, () =>
        Promise.reject(error),
      )
      .catch(() => undefined);

  it('refuses merchants and anonymous callers', async () => {
    for (const url of ['/staff/providers', '/staff/providers/failures']) {
      expect((await get(merchant, url)).statusCode).toBe(403);
      const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('lists each configured provider with its mode and last outcome, and never a secret', async () => {
    await calls.run({ kind: 'carrier', provider: 'fedex', operation: 'rate' }, async () => 'ok');
    ctx.clock.advance(1000);
    await failWith(
      'sms',
      'twilio',
      new ProviderError('twilio', 'rejected', 'Invalid To number', {
        status: 400,
        providerCode: '21211',
      }),
    );
    const response = await get(staff, '/staff/providers');
    expect(response.statusCode).toBe(200);
    const providers = response.json().data as { provider: string }[];
    const of = (name: string) => providers.find((row) => row.provider === name);
    expect(of('dhl_express')).toEqual({
      kind: 'carrier',
      provider: 'dhl_express',
      mode: 'sandbox',
      last_outcome: 'unknown',
      last_success_at: null,
      last_failure_at: null,
    });
    expect(of('fedex')).toMatchObject({ mode: 'test', last_outcome: 'ok' });
    expect(of('twilio')).toMatchObject({
      kind: 'sms',
      mode: 'live',
      last_outcome: 'failed',
      last_failure_at: ctx.clock.now().toISOString(),
    });
    expect(response.body).not.toContain(AUTH_TOKEN);
    expect(response.body).not.toContain('fedex-secret-value');
  });

  it('pages the failures newest first and filters them by kind and provider', async () => {
    for (let index = 0; index < 3; index += 1) {
      ctx.clock.advance(1000);
      await failWith(
        'carrier',
        'fedex',
        new ProviderError('fedex', 'unavailable', `FedEx down ${index}`, { status: 503 }),
      );
    }
    const all = await get(staff, '/staff/providers/failures?pageSize=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, pageSize: 2, total: 4 });
    expect(all.json().data.map((row: { message: string }) => row.message)).toEqual([
      'FedEx down 2',
      'FedEx down 1',
    ]);

    const sms = await get(staff, '/staff/providers/failures?kind=sms');
    expect(sms.json().data).toEqual([
      {
        id: expect.any(String),
        kind: 'sms',
        provider: 'twilio',
        operation: 'send',
        code: 'rejected',
        http_status: 400,
        provider_code: '21211',
        message: 'Invalid To number',
        occurred_at: expect.any(String),
      },
    ]);
    const second = await get(staff, '/staff/providers/failures?provider=fedex&page=2&pageSize=2');
    expect(second.json()).toMatchObject({
      meta: { total: 3 },
      data: [{ message: 'FedEx down 0' }],
    });

    const wrong = await get(staff, '/staff/providers/failures?kind=fax');
    expect(wrong.statusCode).toBe(400);
  });
});

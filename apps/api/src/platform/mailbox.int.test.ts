import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT: 100 });
});
afterAll(() => ctx.close());

const signUp = (email: string, phone: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/create',
    payload: {
      email,
      name: 'Ana',
      last_name: 'López',
      phone_country_code: '+52',
      phone,
      password: 'Secreta#2026',
      password_confirmation: 'Secreta#2026',
    },
  });

describe('GET dev/mailbox', () => {
  it('lists the messages newest first, optionally for one recipient', async () => {
    await signUp('uno@example.mx', '5511111111');
    await signUp('dos@example.mx', '5522222222');

    const all = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((m: { recipient: string }) => m.recipient)).toEqual([
      '+525522222222',
      '+525511111111',
    ]);

    const one = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dev/mailbox?recipient=%2B525511111111',
    });
    expect(one.json().data).toEqual([
      {
        id: expect.any(String),
        channel: 'sms',
        recipient: '+525511111111',
        subject: null,
        body: expect.stringMatching(/^Tu código de Despacho es \d{6}\./),
        created_at: expect.any(String),
      },
    ]);
    // An unencoded plus reads as a space: the number still matches.
    const typed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dev/mailbox?recipient=+525511111111',
    });
    expect(typed.json().data).toEqual(one.json().data);
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      // Production refuses to start without the bank's and the carriers' webhook secrets.
      SPEI_WEBHOOK_SECRET: 'a-production-webhook-secret-of-32-characters',
      CARRIER_WEBHOOK_SECRET: 'a-production-carrier-secret-of-32-characters',
      STORES_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    const response = await production.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' });
    await production.close();
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers only this machine, not a remote or proxied caller, unless it has the token', async () => {
    const remote = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dev/mailbox',
      remoteAddress: '203.0.113.7',
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json().error.code).toBe('NOT_FOUND');
    // A proxy on the same machine connects from loopback: what it forwards is not local.
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dev/mailbox',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
    const local = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' });
    expect(local.statusCode).toBe(200);

    const token = 'token-del-buzon-de-staging';
    const staging = await createTestApp({ DEV_MAILBOX_TOKEN: token });
    const call = (headers: Record<string, string>) =>
      staging.app.inject({
        method: 'GET',
        url: '/api/v1/dev/mailbox',
        remoteAddress: '203.0.113.7',
        headers,
      });
    const withToken = await call({ 'x-dev-mailbox-token': token });
    const wrongToken = await call({ 'x-dev-mailbox-token': 'otro-token-que-no-es-el-bueno' });
    await staging.close();
    expect(withToken.statusCode).toBe(200);
    expect(wrongToken.statusCode).toBe(404);
  });
});

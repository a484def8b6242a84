import { AUTH_RULES } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthTestApp,
  expectError,
  latestMessage,
  signUpOwner,
  TEST_PASSWORD,
} from './test-support';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const { afterFailures } = AUTH_RULES.loginBackoff;
const WRONG = 'Equivocada#1';

let address = 0;
/** Each try from a new address, as a botnet would: the per-address limit never sees it. */
const login = (email: string, password: string, language = 'es') => {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    payload: { email, password },
    headers: { 'x-language': language },
  });
};

async function fail(email: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    expectError(await login(email, WRONG), 401, 'INVALID_CREDENTIALS');
  }
}

const owner = () => signUpOwner(ctx.app, ctx.db, 'backoff');

describe('sign-in backoff per account', () => {
  it('after 10 failures refuses even the right password, says when to retry, then lets it in', async () => {
    const { email } = await owner();
    await fail(email, afterFailures);

    const locked = await login(email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.json()).toEqual({
      error: {
        code: 'LOGIN_BACKOFF',
        message: 'Demasiados intentos de inicio de sesión. Intenta de nuevo en 1 min.',
        details: { minutes: 1, seconds: 60 },
      },
    });
    ctx.clock.advance(20_000);
    const en = await login(email.toUpperCase(), TEST_PASSWORD, 'en');
    expect(en.json().error).toMatchObject({
      message: 'Too many sign-in attempts. Try again in 1 min.',
      details: { minutes: 1, seconds: 40 },
    });

    ctx.clock.advance(40_000);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    // The success forgot the failures: the count starts again.
    await fail(email, afterFailures - 1);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure, never past 15 minutes', async () => {
    const { email } = await owner();
    await fail(email, afterFailures);
    const waits = [];
    for (let i = 0; i < 6; i += 1) {
      const refused = await login(email, WRONG);
      expectError(refused, 429, 'LOGIN_BACKOFF');
      const { seconds } = refused.json().error.details;
      waits.push(seconds / 60);
      ctx.clock.advance(seconds * 1000);
      // The first try after the wait is checked (and fails), which starts a longer wait.
      expectError(await login(email, WRONG), 401, 'INVALID_CREDENTIALS');
    }
    expect(waits).toEqual([1, 2, 4, 8, 15, 15]);
  });

  it('forgets failures after 15 quiet minutes', async () => {
    const { email } = await owner();
    await fail(email, afterFailures - 1);
    ctx.clock.advance(15 * MINUTE);
    await fail(email, afterFailures - 1);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a registered one', async () => {
    const { email } = await owner();
    const unknown = `nadie.${email}`;
    await fail(email, afterFailures);
    await fail(unknown, afterFailures);
    const known = await login(email, WRONG);
    const other = await login(unknown, WRONG);
    expect(other.statusCode).toBe(known.statusCode);
    expect(other.headers['retry-after']).toBe(known.headers['retry-after']);
    expect(other.json()).toEqual(known.json());
  });

  it('lets no more than 10 guesses through when they arrive together', async () => {
    const { email } = await owner();
    const answers = await Promise.all(
      Array.from({ length: 2 * afterFailures }, () => login(email, WRONG)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(afterFailures).fill(401),
      ...Array<number>(afterFailures).fill(429),
    ]);
  });

  it('ends when the owner resets the password by the mailed link', async () => {
    const { email } = await owner();
    await fail(email, afterFailures);
    expectError(await login(email, TEST_PASSWORD), 429, 'LOGIN_BACKOFF');

    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { email },
    });
    const mail = await latestMessage(ctx.db, email);
    const token = /\/recovery-password\/([\w-]+)/.exec(mail!.body)![1]!;
    const password = 'Nueva#2026';
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/auth/password?token=${token}`,
      payload: { password, password_confirmation: password },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(200);
  });
});

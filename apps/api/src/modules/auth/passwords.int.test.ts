import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/outbox.tables';
import { passwordResetTokens } from './auth.tables';
import {
  bearer,
  createAuthTestApp,
  expectError,
  latestMessage,
  login,
  signUpOwner,
  TEST_PASSWORD,
} from './test-support';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'Nueva#Clave9';

const requestReset = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset', payload: { email } });

const checkToken = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/auth/verify_token?token=${token}` });

const setPassword = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/auth/password?token=${token}`,
    payload: { password, password_confirmation: confirmation },
  });

/** An owner who asked for a recovery link: the token is read from the mail. */
async function recovering() {
  const owner = await signUpOwner(ctx.app, ctx.db);
  expect((await requestReset(owner.email)).statusCode).toBe(200);
  const mail = await latestMessage(ctx.db, owner.email);
  const token = /\/recovery-password\/([\w-]+)/.exec(mail!.body)![1]!;
  return { ...owner, mail: mail!, token };
}

describe('POST auth/password/reset (recovery request)', () => {
  it('mails a single-use link in Spanish', async () => {
    const { mail, token } = await recovering();
    expect(mail).toMatchObject({ channel: 'email', subject: 'Recupera tu contraseña de Despacho' });
    expect(mail.body).toContain(`http://despacho.test/recovery-password/${token}`);
    expect(mail.body).toContain('Hola Ana:');
    const stored = await ctx.db.select().from(passwordResetTokens);
    expect(stored.some((row) => row.tokenHash.includes(token))).toBe(false);
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const before = await ctx.db.$count(outboxMessages);
    const response = await requestReset('nadie@example.mx');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { sent: true } });
    expect(await ctx.db.$count(outboxMessages)).toBe(before);
  });
});

describe('recovery link', () => {
  it('sets the new password once and ends every session', async () => {
    const { email, session, token } = await recovering();
    expect((await checkToken(token)).json()).toEqual({ data: { valid: true } });

    const response = await setPassword(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });
    expect((await login(ctx.app, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(ctx.app, email, TEST_PASSWORD)).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token/create-access-token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);

    for (const reused of [await checkToken(token), await setPassword(token, 'Otra#Clave10')]) {
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error).toEqual({
        code: 'TOKEN_INVALID',
        message: 'El enlace no es válido.',
      });
    }
  });

  it('expires after an hour', async () => {
    const { token } = await recovering();
    ctx.clock.advance(60 * 60_000 + 1000);
    for (const response of [await checkToken(token), await setPassword(token)]) {
      expectError(response, 400, 'TOKEN_EXPIRED');
    }
  });

  it('refuses unknown tokens and weak passwords', async () => {
    expect((await checkToken('no-existe')).json().error.code).toBe('TOKEN_INVALID');
    const { token } = await recovering();
    const weak = await setPassword(token, 'abc', 'abd');
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().error.fields)).toEqual(['password', 'password_confirmation']);
    expect((await checkToken(token)).statusCode).toBe(200);
  });
});

describe('PUT auth/password/reset (signed-in change)', () => {
  const change = (session: { access_token: string }, current: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/password/reset',
      headers: { ...bearer(session), 'x-language': 'en' },
      payload: {
        current_password: current,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });

  it('needs the current password', async () => {
    const { email, session } = await signUpOwner(ctx.app, ctx.db);
    const wrong = await change(session, 'Mala#Clave1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The current password is not correct.',
    });

    expect((await change(session, TEST_PASSWORD)).json()).toEqual({ data: { ok: true } });
    expect((await login(ctx.app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the other sessions and keeps the one that changed it', async () => {
    const { email, session } = await signUpOwner(ctx.app, ctx.db);
    const other = (await login(ctx.app, email)).json().data;
    expect((await change(session, TEST_PASSWORD)).statusCode).toBe(200);

    const refresh = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh-token/create-access-token',
        payload: { refresh_token: token },
      });
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
    expectError(await refresh(other.refresh_token), 401, 'REFRESH_TOKEN_INVALID');
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/password/reset',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});

import { ALL_PERMISSIONS, SYSTEM_ROLES } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, seedDemo } from '../../db/seed';
import { users } from '../accounts/accounts.tables';
import { refreshTokens } from './auth.tables';
import {
  bearer,
  createAuthTestApp,
  expectError,
  login,
  newPerson,
  registrationFor,
  signUpOwner,
  signUpVerified,
} from './test-support';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
  await seedDemo(ctx.db, ctx.clock);
});
afterAll(() => ctx.close());

const [OWNER, SHIPPING, STAFF] = DEMO_LOGINS;
const HOUR = 3_600_000;

const me = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/me',
    headers: { authorization: `Bearer ${token}` },
  });

const refresh = (refresh_token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-token/create-access-token',
    payload: { refresh_token },
  });

const checkRefresh = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/auth/refresh-token/verify-token?refresh_token=${encodeURIComponent(token)}`,
  });

async function session(email: string, password: string, remember_me = false) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password, remember_me },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('POST auth/login', () => {
  it('signs the owner in with every permission and the dashboard as home', async () => {
    const data = await session(`  ${OWNER.email.toUpperCase()} `, OWNER.password);
    expect(data).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
      user: {
        email: OWNER.email,
        name: 'Dueño',
        role: 'owner',
        home: 'dashboard',
        is_staff: false,
      },
      organization: {
        company: 'Comercio Demo',
        default_currency: 'MXN',
        default_unit: 'kg',
        abbreviation: 'CDM',
        time_zone: 'America/Mexico_City',
        logo_url: null,
      },
    });
    expect(data.user.permissions).toEqual(ALL_PERMISSIONS);
    expect(decodeJwt(data.access_token)).toMatchObject({ org: data.organization.id, staff: false });
  });

  it('sends the shipping-only user to Shipment with only shipments permissions', async () => {
    const data = await session(SHIPPING.email, SHIPPING.password);
    expect(data.user).toMatchObject({ role: 'shipping', home: 'shipment' });
    expect(data.user.permissions.length).toBeGreaterThan(0);
    expect(data.user.permissions.every((key: string) => key.startsWith('shipments.'))).toBe(true);
  });

  it('signs platform staff in without an organization', async () => {
    const data = await session(STAFF.email, STAFF.password);
    expect(data.organization).toBeNull();
    expect(data.user).toMatchObject({ is_staff: true, home: 'staff', permissions: [] });
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await login(ctx.app, OWNER.email, 'Otra#2026');
    const unknown = await login(ctx.app, 'nadie@example.mx', 'Otra#2026');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: {
          code: 'INVALID_CREDENTIALS',
          message: 'El correo o la contraseña no son correctos.',
        },
      });
    }
  });

  it('refuses an unfinished sign-up without saying so', async () => {
    const { email } = newPerson();
    await ctx.app.inject({ method: 'POST', url: '/api/v1/users', payload: { email } });
    expect((await login(ctx.app, email, '')).statusCode).toBe(400);
    expect((await login(ctx.app, email)).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('sends a user whose phone is not verified to the verify screen', async () => {
    const person = newPerson();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/create',
      payload: { email: person.email, ...registrationFor(person.phone) },
    });
    const response = await login(ctx.app, person.email);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'PHONE_NOT_VERIFIED',
      details: { user_id: created.json().data.id },
    });
  });

  it('sends a verified user without organization to the wizard', async () => {
    const user = await signUpVerified(ctx.app, ctx.db);
    const response = await login(ctx.app, user.email);
    expect(response.statusCode).toBe(409);
    const { code, details } = response.json().error;
    expect(code).toBe('REGISTRATION_INCOMPLETE');
    const wizard = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/wizard/${details.wizard_token}`,
    });
    expect(wizard.json().data.email).toBe(user.email);
  });

  it('refuses an inactive user', async () => {
    const owner = await signUpOwner(ctx.app, ctx.db);
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, owner.userId));
    const response = await login(ctx.app, owner.email);
    expectError(response, 403, 'USER_INACTIVE');
  });

  it('validates the credentials with localized messages', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'dueno' },
      headers: { 'x-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please check the highlighted fields.',
      fields: { email: 'Enter a valid email.', password: 'This field is required.' },
    });
  });
});

describe('GET me', () => {
  it('answers the user and organization of the bearer token', async () => {
    const data = await session(SHIPPING.email, SHIPPING.password);
    const response = await me(data.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ user: data.user, organization: data.organization });
  });

  it('answers 401 without a token or with a forged one', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Inicia sesión para continuar.',
    });
    expect((await me('forged.token.value')).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('replace an expired access token and rotate', async () => {
    const first = await session(OWNER.email, OWNER.password);
    ctx.clock.advance(16 * 60_000);
    const expired = await me(first.access_token);
    expectError(expired, 401, 'SESSION_EXPIRED');

    const response = await refresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    const next = response.json().data;
    expect(next).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
    });
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await me(next.access_token)).statusCode).toBe(200);
  });

  it('revoke the whole family when a used token comes back', async () => {
    const first = await session(OWNER.email, OWNER.password);
    const second = (await refresh(first.refresh_token)).json().data;

    const replay = await refresh(first.refresh_token);
    expectError(replay, 401, 'REFRESH_TOKEN_INVALID');
    // The thief's replay also ends the session of whoever holds the newer token.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await checkRefresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('carry the role as it is now, and end when the user is deactivated', async () => {
    const owner = await signUpOwner(ctx.app, ctx.db);
    const [shipping] = await ctx.db.select().from(users).where(eq(users.email, SHIPPING.email));
    // The new owner is moved into the demo organization's shipping role.
    await ctx.db
      .update(users)
      .set({ organizationId: shipping!.organizationId, roleId: shipping!.roleId })
      .where(eq(users.id, owner.userId));
    const moved = (await refresh(owner.session.refresh_token)).json().data;
    expect(decodeJwt(moved.access_token)).toMatchObject({
      org: shipping!.organizationId,
      perms: SYSTEM_ROLES.shipping,
    });

    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, owner.userId));
    const refused = await refresh(moved.refresh_token);
    expectError(refused, 403, 'USER_INACTIVE');
    const family = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, owner.userId));
    expect(family.every((token) => token.revokedAt !== null)).toBe(true);
  });

  it('last a day, or thirty days with remember-me', async () => {
    const short = await session(OWNER.email, OWNER.password);
    const remembered = await session(OWNER.email, OWNER.password, true);
    const checked = await checkRefresh(remembered.refresh_token);
    expect(checked.json().data).toEqual({
      valid: true,
      expires_at: new Date(ctx.clock.now().getTime() + 30 * 24 * HOUR).toISOString(),
    });

    ctx.clock.advance(24 * HOUR + 1000);
    expect((await checkRefresh(short.refresh_token)).statusCode).toBe(401);
    expect((await refresh(short.refresh_token)).statusCode).toBe(401);
    expect((await refresh(remembered.refresh_token)).statusCode).toBe(200);
  });

  it('answer 401 for unknown tokens and 400 without one', async () => {
    const unknown = await refresh('no-existe');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toEqual({
      code: 'REFRESH_TOKEN_INVALID',
      message: 'Tu sesión ha expirado, por favor inicia sesión de nuevo.',
    });
    expect((await checkRefresh('no-existe')).statusCode).toBe(401);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token/create-access-token',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ refresh_token: 'Este campo es obligatorio.' });
  });
});

describe('POST auth/logout', () => {
  it('revokes the family of the refresh token', async () => {
    const data = await session(OWNER.email, OWNER.password);
    const rotated = (await refresh(data.refresh_token)).json().data;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: data.refresh_token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });

  it('answers ok for an unknown or missing token', async () => {
    for (const payload of [{ refresh_token: 'no-existe' }, {}]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        payload,
      });
      expect(response.json()).toEqual({ data: { ok: true } });
    }
  });

  it('keeps other sessions of the same user', async () => {
    const phone = await session(OWNER.email, OWNER.password);
    const laptop = await session(OWNER.email, OWNER.password);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: phone.refresh_token },
      headers: bearer(phone),
    });
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
  });
});

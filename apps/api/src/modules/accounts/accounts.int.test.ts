import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAuthTestApp, signUpOwner } from '../auth/test-support';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());

const profile = {
  name: 'Beatriz',
  last_name: 'Ramírez',
  phone_country_code: '+1',
  phone: '2125550100',
};

describe('PUT users (own profile)', () => {
  it('updates the profile and answers the user', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: bearer(session),
      payload: { ...profile, name: '  Beatriz ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...session.user, ...profile });
  });

  it('validates each field and needs a token', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: { ...bearer(session), 'x-language': 'en' },
      payload: { ...profile, phone: '12', phone_country_code: '52', last_name: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({
      last_name: 'This field is required.',
      phone_country_code: 'Choose a valid country code, for example +52.',
      phone: 'The phone must have exactly 10 digits.',
    });
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      payload: profile,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH user/change-language', () => {
  it('stores the language, which GET me then shows', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    expect(session.user.language).toBe('es');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/change-language?language=en',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.language).toBe('en');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(session) });
    expect(me.json().data.user.language).toBe('en');
  });

  it('refuses a language the app does not speak', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/change-language?language=fr',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ language: 'Selecciona una opción válida.' });
  });
});

import { ALL_PERMISSIONS } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from './auth.tables';
import {
  createAuthTestApp,
  expectError,
  latestCode,
  latestMessage,
  newPerson,
  registrationFor,
  signUpVerified,
} from './test-support';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function startSignup(email: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/users', payload: { email } });
}

function register(id: string, payload: object, language = 'es') {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${id}`,
    payload,
    headers: { 'x-language': language },
  });
}

function verify(userId: string, code: string) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/v1/user/verify-code/${userId}/${code}` });
}

function resend(userId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/user/verify-code/resend?user_id=${userId}`,
  });
}

/** A user who sent the registration form: a code is on its way. */
async function registered() {
  const person = newPerson();
  const started = await startSignup(person.email);
  const id: string = started.json().data.id;
  await register(id, registrationFor(person.phone));
  return { ...person, id, code: await latestCode(ctx.db, person.phone) };
}

/** Status, headers that could differ and body: nothing tells the two calls apart. */
function expectSameAnswer(a: LightMyRequestResponse, b: LightMyRequestResponse) {
  expect(a.statusCode).toBe(b.statusCode);
  expect(a.headers['content-type']).toBe(b.headers['content-type']);
  expect(a.json()).toEqual(b.json());
}

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST users (start of sign-up)', () => {
  it('creates the user from a normalised email and answers 201', async () => {
    const response = await startSignup('  Nueva.Cuenta@Example.MX ');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.any(String),
      email: 'nueva.cuenta@example.mx',
      phone_masked: null,
      resend_available_in: 0,
    });
  });

  it('resumes an unfinished sign-up with the same id', async () => {
    const first = await startSignup('retoma@example.mx');
    const again = await startSignup('RETOMA@example.mx');
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
  });

  it('answers 409 EMAIL_TAKEN for an email whose sign-up is complete', async () => {
    const { email } = await signUpVerified(ctx.app, ctx.db);
    const response = await startSignup(email.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Ya existe una cuenta con este correo.',
    });
  });

  it('rejects a malformed email with a localized field message', async () => {
    const es = await startSignup('no-es-correo');
    expect(es.statusCode).toBe(400);
    expect(es.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos marcados.',
      fields: { email: 'Ingresa un correo electrónico válido.' },
    });
    const en = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: {},
      headers: { 'x-language': 'en' },
    });
    expect(en.json().error.fields).toEqual({ email: 'This field is required.' });
  });
});

describe('PUT users/{id} (registration form)', () => {
  it('stores the form, hashes the password and texts a code in Spanish', async () => {
    const person = newPerson();
    const id: string = (await startSignup(person.email)).json().data.id;
    const response = await register(id, registrationFor(person.phone));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id,
      email: person.email,
      phone_masked: `+52 ******${person.phone.slice(-4)}`,
      resend_available_in: 60,
    });
    const sms = await latestMessage(ctx.db, `+52${person.phone}`);
    expect(sms!.channel).toBe('sms');
    expect(sms!.body).toMatch(/^Tu código de Despacho es \d{6}\. Vence en 10 minutos\.$/);
    const [stored] = await ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, id));
    expect(stored!.codeHash).not.toContain(await latestCode(ctx.db, person.phone));
  });

  it('answers per-field messages in Spanish and in English', async () => {
    const id: string = (await startSignup(newPerson().email)).json().data.id;
    const payload = {
      ...registrationFor('55123'),
      password: 'simple',
      password_confirmation: 'otra',
      name: '',
    };
    const es = await register(id, payload);
    expect(es.statusCode).toBe(400);
    expect(es.json().error.fields).toEqual({
      name: 'Este campo es obligatorio.',
      phone: 'El teléfono debe tener exactamente 10 dígitos.',
      password:
        'La contraseña debe tener al menos 6 caracteres, con números, mayúsculas, minúsculas y un carácter especial.',
      password_confirmation: 'Las contraseñas no coinciden.',
    });
    const en = await register(id, payload, 'en');
    expect(en.json().error.fields).toMatchObject({
      phone: 'The phone must have exactly 10 digits.',
    });
    const mismatch = await register(
      id,
      { ...registrationFor('5512345678'), password_confirmation: 'Otra#2026' },
      'en',
    );
    expect(mismatch.json().error.fields).toEqual({
      password_confirmation: 'The passwords do not match.',
    });
  });

  it('answers an unknown id and a finished sign-up alike, so ids of users stay secret', async () => {
    const { userId } = await signUpVerified(ctx.app, ctx.db);
    const done = await register(userId, registrationFor('5512345678'));
    const unknown = await register(UNKNOWN_ID, registrationFor('5512345678'));
    expectSameAnswer(done, unknown);
    expectError(done, 404, 'SIGNUP_NOT_PENDING');
    expect(done.json().error.message).toBe(
      'No hay un registro pendiente con estos datos. Inicia sesión o regístrate de nuevo.',
    );
  });
});

describe('POST user/create (whole sign-up in one call)', () => {
  it('creates the user and texts the code in the language of the request', async () => {
    const person = newPerson();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/create',
      payload: { email: person.email, ...registrationFor(person.phone) },
      headers: { 'x-language': 'en' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ email: person.email, resend_available_in: 60 });
    const sms = await latestMessage(ctx.db, `+52${person.phone}`);
    expect(sms!.body).toMatch(/^Your Despacho code is \d{6}\. It expires in 10 minutes\.$/);
  });

  it('answers 409 EMAIL_TAKEN when the email finished sign-up', async () => {
    const { email } = await signUpVerified(ctx.app, ctx.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/create',
      payload: { email, ...registrationFor('5512345678') },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('PATCH user/verify-code/{userId}/{code}', () => {
  it('verifies the phone and answers a wizard token', async () => {
    const user = await registered();
    const response = await verify(user.id, user.code);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ user_id: user.id, wizard_token: expect.any(String) });
    // Once verified, the id answers as an unknown one does.
    const again = await verify(user.id, user.code);
    expectSameAnswer(again, await verify(UNKNOWN_ID, user.code));
    expectError(again, 404, 'SIGNUP_NOT_PENDING');
  });

  it('answers CODE_INVALID for a wrong code', async () => {
    const user = await registered();
    const response = await verify(user.id, otherThan(user.code));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'CODE_INVALID',
      message: 'El código no es correcto.',
    });
  });

  it('answers CODE_EXPIRED ten minutes after sending', async () => {
    const user = await registered();
    ctx.clock.advance(10 * MINUTE + 1000);
    const response = await verify(user.id, user.code);
    expectError(response, 400, 'CODE_EXPIRED');
  });

  it('refuses even the right code after five wrong ones, until a new code is sent', async () => {
    const user = await registered();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify(user.id, otherThan(user.code))).json().error.code).toBe('CODE_INVALID');
    }
    const blocked = await verify(user.id, user.code);
    expectError(blocked, 429, 'CODE_ATTEMPTS_EXCEEDED');

    ctx.clock.advance(MINUTE);
    expect((await resend(user.id)).statusCode).toBe(200);
    const fresh = await latestCode(ctx.db, user.phone);
    expect((await verify(user.id, fresh)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a malformed code', async () => {
    expectError(await verify(UNKNOWN_ID, '123456'), 404, 'SIGNUP_NOT_PENDING');
    const malformed = await verify(UNKNOWN_ID, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ code: 'El código tiene 6 dígitos.' });
  });
});

describe('POST user/verify-code/resend', () => {
  it('waits a minute between codes and tells how many seconds are left', async () => {
    const user = await registered();
    ctx.clock.advance(15_000);
    const early = await resend(user.id);
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toEqual({
      code: 'RESEND_TOO_EARLY',
      message: 'Podrás solicitar otro código en 45 segundos.',
      details: { seconds: 45 },
    });

    ctx.clock.advance(45_000);
    const response = await resend(user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ resend_available_in: 60 });
    const fresh = await latestCode(ctx.db, user.phone);
    // The new code replaces the old one.
    if (fresh !== user.code) {
      expect((await verify(user.id, user.code)).json().error.code).toBe('CODE_INVALID');
    }
    expect((await verify(user.id, fresh)).statusCode).toBe(200);
  });

  it('answers an unknown id and a verified user alike', async () => {
    const { userId } = await signUpVerified(ctx.app, ctx.db);
    const verified = await resend(userId);
    expectSameAnswer(verified, await resend(UNKNOWN_ID));
    expectError(verified, 404, 'SIGNUP_NOT_PENDING');
  });

  it('reports the wait when sign-up resumes', async () => {
    const user = await registered();
    ctx.clock.advance(20_000);
    const resumed = await startSignup(user.email);
    expect(resumed.json().data).toMatchObject({ id: user.id, resend_available_in: 40 });
  });
});

describe('wizard/{token} (organization step)', () => {
  const organization = {
    company: 'Mi Tiendita',
    default_currency: 'MXN',
    default_unit: 'kg',
    abbreviation: 'mt',
  };
  const wizard = (token: string, payload?: object) =>
    ctx.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/v1/wizard/${token}`, payload });

  it('greets the user, creates the organization and signs its owner in', async () => {
    const user = await signUpVerified(ctx.app, ctx.db);
    const info = await wizard(user.wizardToken);
    expect(info.json().data).toEqual({ email: user.email, name: 'Ana' });

    const response = await wizard(user.wizardToken, organization);
    expect(response.statusCode).toBe(201);
    const session = response.json().data;
    expect(session).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
      organization: { company: 'Mi Tiendita', default_currency: 'MXN', abbreviation: 'MT' },
      user: { id: user.userId, role: 'owner', home: 'dashboard', phone_verified: true },
    });
    expect(session.user.permissions).toEqual(ALL_PERMISSIONS);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.json().data.organization.id).toBe(session.organization.id);

    for (const again of [
      await wizard(user.wizardToken, organization),
      await wizard(user.wizardToken),
    ]) {
      expectError(again, 409, 'ORGANIZATION_EXISTS');
    }
  });

  it('validates the organization with localized messages', async () => {
    const user = await signUpVerified(ctx.app, ctx.db);
    const response = await wizard(user.wizardToken, {
      ...organization,
      company: 'Mi',
      default_currency: 'EUR',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      company: 'La empresa debe tener al menos 5 caracteres.',
      default_currency: 'Selecciona una opción válida.',
    });
  });

  it('refuses forged and expired tokens', async () => {
    const invalid = await wizard('no-es-un-token');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toEqual({
      code: 'TOKEN_INVALID',
      message: 'El enlace no es válido.',
    });

    const late = await signUpVerified(ctx.app, ctx.db);
    ctx.clock.advance(24 * 60 * MINUTE + 1000);
    const expired = await wizard(late.wizardToken, organization);
    expectError(expired, 400, 'TOKEN_EXPIRED');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT: 3 });
});
afterAll(() => ctx.close());

const attempt = (url: string, language = 'es') =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: { email: 'nadie@example.mx', password: 'Clave#123' },
    headers: { 'x-language': language },
  });

describe('auth rate limit', () => {
  it('answers 429 with the localized message past the limit, per route', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt('/api/v1/auth/login')).statusCode).toBe(401);
    }
    const es = await attempt('/api/v1/auth/login');
    expect(es.statusCode).toBe(429);
    expect(es.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
      },
    });
    const en = await attempt('/api/v1/auth/login', 'en');
    expect(en.json().error.message).toBe('Too many attempts. Please wait a moment and try again.');

    // Password recovery keeps its own count.
    expect((await attempt('/api/v1/auth/password/reset')).statusCode).toBe(200);
  });
});

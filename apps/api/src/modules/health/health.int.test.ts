import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

describe('GET /api/v1/health', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers ok after querying the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers 500 with the generic localized message when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.db.$client.end();
    const response = await broken.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-language': 'en' },
    });
    await broken.app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'An error has occurred. Please try again later.' },
    });
  });

  it('answers unknown API paths with a localized 404 envelope', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'No encontramos lo que buscas.',
    });
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

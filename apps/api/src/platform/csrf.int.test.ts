import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

describe('CSRF double-submit cookie', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const unsafeCall = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/health', headers });

  it('hands a browser without the cookie a random XSRF-TOKEN', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{32}$/);
    expect(cookie?.sameSite).toBe('Strict');
  });

  it('refuses an unsafe call whose header does not echo the cookie', async () => {
    const response = await unsafeCall({ cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect((await unsafeCall({ cookie: 'XSRF-TOKEN=abc' })).statusCode).toBe(403);
  });

  it('lets a matching header through to the route', async () => {
    // health has no POST: reaching the not-found answer proves the CSRF check passed.
    const response = await unsafeCall({ cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' });
    expect(response.statusCode).toBe(404);
  });
});

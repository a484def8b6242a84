import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ API_KEY_RATE_LIMIT: 250 });
});
afterAll(() => ctx.close());

describe('the public documentation at /api/docs', () => {
  it('lists exactly what an API key may call, with curl and JavaScript examples', async () => {
    const response = await ctx.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      info: { description: string };
      paths: Record<string, Record<string, { description: string; tags: string[] }>>;
    };
    const paths = Object.keys(document.paths);
    // Merchant operations, by domain.
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/quotes', '/api/v1/shipments', '/api/v1/vendors/{id}']),
    );
    // Staff, sign-in, session-only, webhooks and key management are not.
    for (const hidden of [
      /^\/api\/v1\/staff\//,
      /^\/api\/v1\/auth\//,
      /^\/api\/v1\/webhooks\//,
      /^\/api\/v1\/developers\/api-keys/,
      /^\/api\/v1\/me$/,
      /^\/api\/v1\/users/,
    ]) {
      expect(paths.filter((path) => hidden.test(path))).toEqual([]);
    }
    const buy = document.paths['/api/v1/shipments']!.post!;
    expect(buy.tags).toEqual(['shipments']);
    expect(buy.description).toContain('curl -X POST "http://despacho.test/api/v1/shipments"');
    expect(buy.description).toContain('Idempotency-Key: $(uuidgen)');
    expect(buy.description).toContain(
      "const response = await fetch('http://despacho.test/api/v1/shipments'",
    );
    const { description } = document.info;
    for (const topic of [
      'dsp_live_',
      'Idempotency-Key',
      'pageSize',
      'x-language',
      'API_KEY_SCOPE_MISSING',
      'RateLimit-Remaining',
      '250',
    ]) {
      expect(description).toContain(topic);
    }
    // The complete document stays the app's own.
    expect(
      Object.keys(ctx.app.swagger().paths ?? {}).some((path) => path.startsWith('/api/v1/staff/')),
    ).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createTestMerchant } from '../../test/users';
import { fund } from '../modules/shipments/guides.test-support';

const TOKEN = 'metrics-token-for-the-test-run';

describe('GET /metrics', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => ctx.close());

  const scrape = (authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('answers 404 without the token, with a wrong one, and when none is configured', async () => {
    for (const response of [await scrape(), await scrape('Bearer not-the-token-at-all')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const unset = await createTestApp({}, ctx.db.$client.options.connectionString);
    try {
      const response = await unset.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await unset.close();
    }
  });

  it('reports latency by route and status, the jobs queue, the pool and the ledger', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const { organization } = await createTestMerchant(ctx, 'Métricas');
    await fund(ctx, organization.id, 10_000);
    const due = new Date(ctx.clock.now().getTime() - 90_000);
    await ctx.app.jobs.enqueue(ctx.db, 'test.metrics', { n: 1 }, due);
    await ctx.app.jobs.enqueue(ctx.db, 'test.metrics', { n: 2 }, due);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /despacho_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status="200"\} 2/,
    );
    expect(text).toContain('despacho_jobs_waiting{kind="test.metrics"} 2');
    expect(text).toContain('despacho_jobs_failed{kind="test.metrics"} 0');
    // Due 90 s before the manual clock, which is months behind the database's: at least that.
    const age = /despacho_jobs_oldest_due_seconds\{kind="test.metrics"\} ([\d.e+]+)/.exec(text);
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(90);
    expect(text).toMatch(/despacho_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/despacho_db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toContain('despacho_ledger_postings_total{kind="deposit"} 1');
  });
});

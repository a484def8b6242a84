import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Db } from './db';
import { notFound } from './errors';
import { JOBS_SCHEMA } from './jobs.store';
import { providerLatency, providerUp } from './provider-calls';
import { sameSecret } from './same-secret';

/** Each question's answer as the scrape's collect callbacks need it, read once per scrape. */
async function readQueue(db: Db) {
  const { rows } = await db.$client.query<{
    kind: string;
    waiting: number;
    failed: number;
    oldest_due_seconds: number | null;
  }>(
    `select name as kind,
            count(*) filter (where state < 'active')::int as waiting,
            count(*) filter (where state = 'failed')::int as failed,
            extract(epoch from now() - min(start_after) filter (
              where state < 'active' and start_after <= now()))::float8 as oldest_due_seconds
       from ${JOBS_SCHEMA}.job group by name`,
  );
  return rows;
}

/**
 * `GET /metrics` in Prometheus's text format (prom-client): request latency by route and status,
 * the jobs queue (waiting, failed for good, age of the oldest due job), the database pool and the
 * ledger's postings. The queue and the ledger are read from PostgreSQL at each scrape, so every
 * process answers the same for them. Without `METRICS_TOKEN`, or without that bearer token, the
 * path answers 404, like any unknown one.
 */
export function registerMetrics(app: FastifyInstance, deps: { config: Config; db: Db }): void {
  const registry = new Registry();
  const latency = new Histogram({
    name: 'despacho_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    latency.observe(
      {
        method: request.method,
        // The template (`/api/v1/shipments/:id`), never the raw URL: ids would explode the labels.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  let queue: Promise<Awaited<ReturnType<typeof readQueue>>> | undefined;
  const queueOnce = () => (queue ??= readQueue(deps.db));
  const queueGauge = (
    name: string,
    help: string,
    value: (row: Awaited<ReturnType<typeof readQueue>>[number]) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await queueOnce()) {
          const measured = value(row);
          if (measured !== null) this.set({ kind: row.kind }, measured);
        }
      },
    });
  queueGauge(
    'despacho_jobs_waiting',
    'Jobs waiting to run (due or later), by kind.',
    (row) => row.waiting,
  );
  queueGauge(
    'despacho_jobs_failed',
    'Jobs failed for good (dead letter), by kind.',
    (row) => row.failed,
  );
  queueGauge(
    'despacho_jobs_oldest_due_seconds',
    'How long the oldest due job has waited, by kind.',
    (row) => row.oldest_due_seconds,
  );

  const pool = deps.db.$client;
  new Gauge({
    name: 'despacho_db_pool_connections',
    help: "This process's PostgreSQL pool: open, idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new Counter({
    name: 'despacho_ledger_postings_total',
    help: 'Ledger transactions posted, by kind (read from the ledger).',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const rows = await deps.db.execute<{ kind: string; postings: number }>(
        sql`select kind, count(*)::int as postings from ledger_transactions group by kind`,
      );
      this.reset();
      for (const row of rows.rows) this.inc({ kind: row.kind }, row.postings);
    },
  });

  registry.registerMetric(providerLatency);
  registry.registerMetric(providerUp);

  const token = deps.config.METRICS_TOKEN;
  app.get(
    '/metrics',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const given = request.headers.authorization?.replace(/^Bearer /, '');
      if (!token || !given || !sameSecret(given, token)) throw notFound();
      queue = undefined;
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );
}

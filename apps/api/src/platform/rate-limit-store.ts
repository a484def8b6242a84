import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Db } from './db';
import { rateLimitCounters as counters } from './rate-limits.tables';

/** Expired counters each write deletes on its way: the table stays small without a timer. */
const SWEEP_BATCH = 20;

/**
 * A statement that first deletes a few expired counters (never `key`'s own row, which the
 * statement then writes), then runs `write`. Skips rows another statement holds.
 */
export function withSweep(key: string, now: Date, write: SQL): SQL {
  return sql`with swept as (
      delete from ${counters} where ${counters.key} in (
        select ${counters.key} from ${counters}
        where ${counters.expiresAt} <= ${now} and ${counters.key} <> ${key}
        limit ${SWEEP_BATCH} for update skip locked))
    ${write}`;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs` that starts with the first hit; one
 * atomic upsert, so concurrent processes never lose a count.
 */
export async function countHit(db: Db, clock: Clock, key: string, windowMs: number) {
  const now = clock.now();
  const live = sql`c.expires_at > ${now}`;
  const { rows } = await db.execute<{ hits: number; expires_at: Date }>(
    withSweep(
      key,
      now,
      sql`insert into ${counters} as c (key, hits, expires_at)
        values (${key}, 1, ${new Date(now.getTime() + windowMs)})
        on conflict (key) do update set
          hits = case when ${live} then c.hits + 1 else 1 end,
          expires_at = case when ${live} then c.expires_at else excluded.expires_at end
        returning hits, expires_at`,
    ),
  );
  const row = rows[0]!;
  return { hits: row.hits, ttlMs: new Date(row.expires_at).getTime() - now.getTime() };
}

type RouteScope = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A `store` for `@fastify/rate-limit` that keeps its counters in PostgreSQL, so a limit holds
 * across API processes and restarts, and runs on the app's clock. Each route counts apart.
 */
export function postgresRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    scope = '';

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, clock, `${this.scope}${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // The plugin hands each route's merged options, the route itself under `routeInfo`.
    child(options: RouteScope & { routeInfo?: { method?: unknown; url?: unknown } }) {
      const store = new PostgresRateLimitStore();
      store.scope = `${String(options.routeInfo?.method)} ${String(options.routeInfo?.url)} `;
      return store;
    }
  }
  return PostgresRateLimitStore;
}

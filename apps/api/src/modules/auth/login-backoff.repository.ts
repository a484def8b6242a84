import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { withSweep } from '../../platform/rate-limit-store';
import { rateLimitCounters as counters } from '../../platform/rate-limits.tables';

export type BackoffCounter = Pick<
  typeof counters.$inferSelect,
  'hits' | 'expiresAt' | 'blockedUntil'
>;

/** The counter of `key`, created empty (already expired) when absent, locked until commit. */
export async function lockCounter(tx: DbOrTx, key: string, now: Date): Promise<BackoffCounter> {
  await tx.execute(
    withSweep(
      key,
      now,
      sql`insert into ${counters} (key, hits, expires_at) values (${key}, 0, ${now})
        on conflict (key) do nothing`,
    ),
  );
  const [row] = await tx
    .select({
      hits: counters.hits,
      expiresAt: counters.expiresAt,
      blockedUntil: counters.blockedUntil,
    })
    .from(counters)
    .where(eq(counters.key, key))
    .for('update');
  return row!;
}

export async function saveCounter(tx: DbOrTx, key: string, values: BackoffCounter) {
  await tx.update(counters).set(values).where(eq(counters.key, key));
}

export async function deleteCounter(db: DbOrTx, key: string) {
  await db.delete(counters).where(eq(counters.key, key));
}

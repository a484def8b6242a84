import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from './db';

const lockKey = (id: string) => sql`hashtextextended(${`instance:${id}`}, 0)`;

/**
 * This API process, as PostgreSQL sees it: an id and a session advisory lock on it, held on a
 * connection of its own (outside the pool, which it neither shrinks nor keeps from ending) for
 * as long as the process lives. Work a process starts and finishes
 * itself (a guide purchase) is stamped with its id; when that lock can be taken, the process
 * is gone — crashed, killed, its database restarted — and nobody can still be finishing the
 * work, so recovery need not wait (`isGone`).
 */
export class ProcessInstance {
  readonly id = randomUUID();
  private client: pg.Client | undefined;

  constructor(private readonly deps: { db: Db; log?: FastifyBaseLogger }) {}

  /** Takes the lock (again after a lost connection); idempotent while it is held. */
  async hold(): Promise<void> {
    if (this.client) return;
    const client = new pg.Client(this.deps.db.$client.options);
    // A dropped connection drops the lock: the next `hold` takes it again.
    client.on('error', (error) => {
      this.deps.log?.warn({ err: error }, 'instance lock connection lost');
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => {});
    });
    await client.connect();
    await client.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [`instance:${this.id}`]);
    this.client = client;
  }

  /** Ends the connection, and with it the lock. */
  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

/**
 * Of the given records under way (each stamped with the instance that runs it), the ids of those
 * whose process is gone: its lock is free. Taken in the caller's transaction (and released at its
 * end), so a process cannot come back under an id. The purchases' and the flows' sweeps use it.
 */
export async function orphansAmong(
  tx: DbOrTx,
  underWay: readonly { id: string; instance: string }[],
): Promise<string[]> {
  const gone = new Set<string>();
  for (const instance of new Set(underWay.map((row) => row.instance))) {
    const result = await tx.execute<{ free: boolean }>(
      sql`select pg_try_advisory_xact_lock(${lockKey(instance)}) as free`,
    );
    if (result.rows[0]?.free) gone.add(instance);
  }
  return underWay.filter((row) => gone.has(row.instance)).map((row) => row.id);
}

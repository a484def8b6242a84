import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTx } from './db';

const lockKey = (id: string) => sql`hashtextextended(${`instance:${id}`}, 0)`;

/**
 * This API process, as PostgreSQL sees it: an id and a session advisory lock on it, held on a
 * connection of its own for as long as the process lives. Work a process starts and finishes
 * itself (a guide purchase) is stamped with its id; when that lock can be taken, the process
 * is gone — crashed, killed, its database restarted — and nobody can still be finishing the
 * work, so recovery need not wait (`isGone`).
 */
export class ProcessInstance {
  readonly id = randomUUID();
  private client: pg.PoolClient | undefined;

  constructor(private readonly deps: { db: Db; log?: FastifyBaseLogger }) {}

  /** Takes the lock (again after a lost connection); idempotent while it is held. */
  async hold(): Promise<void> {
    if (this.client) return;
    const client = await this.deps.db.$client.connect();
    // A dropped connection drops the lock: the next `hold` takes it again.
    client.on('error', (error) => {
      this.deps.log?.warn({ err: error }, 'instance lock connection lost');
      if (this.client === client) this.client = undefined;
      client.release(true);
    });
    await client.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [`instance:${this.id}`]);
    this.client = client;
  }

  /** Ends the connection, and with it the lock. */
  release(): void {
    this.client?.release(true);
    this.client = undefined;
  }
}

/**
 * Of the given instance ids, those whose process is gone: their lock is free. Taken in the
 * caller's transaction (and released at its end), so a process cannot come back under an id.
 */
export async function goneInstances(tx: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const gone = new Set<string>();
  for (const id of new Set(ids)) {
    const result = await tx.execute<{ free: boolean }>(
      sql`select pg_try_advisory_xact_lock(${lockKey(id)}) as free`,
    );
    if (result.rows[0]?.free) gone.add(id);
  }
  return gone;
}

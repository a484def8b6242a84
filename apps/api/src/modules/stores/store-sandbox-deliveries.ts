import { and, asc, eq, lte } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';

/** A sandbox store's chaos switches, drawn from its seed so a test replays the same. */
export interface SandboxChaos {
  /** Shares (0–1) of deliveries sent twice, overtaken by later ones, never sent, held back. */
  duplicate: number;
  reorder: number;
  drop: number;
  delay: number;
  /** How long a held-back delivery waits. */
  delayMs: number;
  seed: number;
}

/** How much longer than a held-back delivery a reordered one waits. */
const REORDER_MS = 2000;

/** Rows per insert, under PostgreSQL's limit of bind parameters. */
export const INSERT_CHUNK = 1000;

/** The seed's `n`-th draw for `switch`, in [0, 1): the same seed always draws the same. */
export function chaosDraw(seed: number, n: number, name: string): number {
  const digest = createHash('sha256').update(`${seed}:${n}:${name}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * What the sandbox store's chaos switches make of its `n`-th delivery created at `now`: dropped
 * (kept, never sent), or due once or twice (the copy a millisecond later), held back or
 * reordered — a reordered one also waits out the held-back ones, so every later one overtakes it.
 */
export function chaosFate(
  chaos: SandboxChaos,
  n: number,
  now: number,
): { dropped: boolean; dueAts: Date[] } {
  const draw = (name: string) => chaosDraw(chaos.seed, n, name);
  const dueAt =
    now +
    (draw('delay') < chaos.delay ? chaos.delayMs : 0) +
    (draw('reorder') < chaos.reorder ? chaos.delayMs + REORDER_MS : 0);
  const dropped = draw('drop') < chaos.drop;
  const twice = !dropped && draw('duplicate') < chaos.duplicate;
  return { dropped, dueAts: twice ? [new Date(dueAt), new Date(dueAt + 1)] : [new Date(dueAt)] };
}

/** A sandbox's table of deliveries: an id, a state (`pending` until claimed) and a due time. */
type DeliveryTable = PgTable & { id: PgColumn; state: PgColumn };

/**
 * The scheduling every sandbox store shares, over the delivery table of its own module: rows
 * queued with one job each, a due pending row claimed in one statement before it is sent (so
 * two senders never send one attempt), sends answered or not within a time limit, and a flush
 * of everything due. How a delivery is shaped, signed and settled stays with its sandbox.
 */
export class SandboxDeliveryQueue<T extends DeliveryTable> {
  constructor(
    private readonly deps: { db: Db; jobs: Jobs | null; fetch?: typeof fetch },
    private readonly spec: {
      table: T;
      dueAt: PgColumn;
      /** The send job, and its payload's field naming the row. */
      job: string;
      payloadKey: string;
    },
  ) {}

  /** Inserts the rows (in chunks) in `tx` and enqueues a send for each pending one at its due time. */
  async queue(tx: DbOrTx, rows: T['$inferInsert'][]): Promise<void> {
    const { table, dueAt } = this.spec;
    const pending: { id: number; dueAt: Date }[] = [];
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const inserted = (await tx
        .insert(table)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .returning({ id: table.id, state: table.state, dueAt })) as {
        id: number;
        state: string;
        dueAt: Date;
      }[];
      pending.push(...inserted.filter((row) => row.state === 'pending'));
    }
    await this.deps.jobs?.enqueueMany(
      tx,
      pending.map((row) => ({
        kind: this.spec.job,
        payload: { [this.spec.payloadKey]: row.id },
        runAt: row.dueAt,
      })),
    );
  }

  /** Enqueues another send of row `id` at `runAt` (a retry), in `tx`. */
  async requeue(tx: DbOrTx, id: number, runAt: Date): Promise<void> {
    await this.deps.jobs?.enqueue(tx, this.spec.job, { [this.spec.payloadKey]: id }, runAt);
  }

  /** Claims row `id` with `set` if it is pending and due at `now`; answers it, or undefined. */
  async claim(
    id: number,
    now: Date,
    set: PgUpdateSetSource<T>,
  ): Promise<T['$inferSelect'] | undefined> {
    const { table, dueAt } = this.spec;
    const [claimed] = (await this.deps.db
      .update(table)
      .set(set)
      .where(and(eq(table.id, id), eq(table.state, 'pending'), lte(dueAt, now)))
      .returning()) as T['$inferSelect'][];
    return claimed;
  }

  /** POSTs a delivery; answers the status, or 0 when no answer came within `timeoutMs`. */
  async post(
    url: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<number> {
    try {
      const response = await (this.deps.fetch ?? fetch)(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  }

  /** Sends every row due at `now`, earliest due first, and counts the outcomes (tests, the demo, the bench). */
  async flush<O extends string>(
    now: Date,
    deliver: (id: number, now: Date) => Promise<O | 'none'>,
    outcomes: Record<O, number>,
  ): Promise<Record<O, number>> {
    const { table, dueAt } = this.spec;
    const due = (await this.deps.db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(eq(table.state, 'pending'), lte(dueAt, now)))
      .orderBy(asc(dueAt), asc(table.id))) as { id: number }[];
    for (const { id } of due) {
      const outcome = await deliver(id, now);
      if (outcome !== 'none') outcomes[outcome] += 1;
    }
    return outcomes;
  }

  /**
   * Registers the send job: it calls out over HTTP, so outside a transaction, retried by the job
   * runner `retryLimit` times when it throws (a sandbox's own schedule lives in its rows).
   */
  register(
    jobs: Jobs,
    clock: Clock,
    deliver: (id: number, now: Date) => Promise<unknown>,
    retryLimit: number,
  ): void {
    const { job: kind, payloadKey } = this.spec;
    jobs.register(
      kind,
      async (_tx, payload, job) => {
        // The runner's round read its `now` when it began, maybe before this row was queued; the
        // job only runs once due, and the clock says how late: a stale `now` would find the row
        // not due yet and leave it pending with no job to send it.
        const now = Math.max(job.now.getTime(), job.runAt.getTime(), clock.now().getTime());
        await deliver(payload[payloadKey]!, new Date(now));
      },
      { payload: z.object({ [payloadKey]: z.number().int() }), transaction: false, retryLimit },
    );
  }
}

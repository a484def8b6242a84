import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { jobs } from './jobs.tables';

export type JobPayload = Record<string, unknown>;

/** A claimed job as its handler sees it. */
export interface JobContext {
  id: string;
  kind: string;
  /** Failed runs before this one. */
  attempts: number;
  runAt: Date;
  /** The time the runner was asked to run up to (the manual clock's time in tests). */
  now: Date;
}

/**
 * Does the work of one job inside the transaction that marks it done: what it writes commits
 * with the mark, or rolls back with it when it throws (the job is then retried later).
 */
export type JobHandler<P extends JobPayload = JobPayload> = (
  tx: DbOrTx,
  payload: P,
  job: JobContext,
) => Promise<void>;

/**
 * Looks for work nobody enqueued (or whose job must run sooner) — what a previous process left
 * behind — and deals with it or enqueues it. Must be safe to run in several processes at once.
 */
export type Sweep = (now: Date) => Promise<unknown>;

export interface RunResult {
  ran: number;
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background-jobs runner: `main.ts` starts its polling loop once the server listens. */
    jobs: Jobs;
  }
}

/** Retry delay after the n-th failure: 30 s, 1 min, 2 min… capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Background work in the `jobs` table (decision 017): enqueued in the transaction of the change
 * that causes it, so it exists exactly when that change committed; run by whoever calls
 * `runDue` — the polling loop `start` runs in the server, or a test with its manual clock.
 *
 * Each job runs in its own transaction that first claims its row with `FOR UPDATE SKIP LOCKED`:
 * a second runner (another process) skips it rather than waiting or running it again. The
 * handler runs in a savepoint of that transaction; when it throws, its writes are rolled back
 * and the row keeps the error, one more attempt and a later `run_at`, so other jobs still run.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly sweeps = new Map<string, Sweep>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private lastSweep = -Infinity;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log?: FastifyBaseLogger;
      /** How often the polling loop runs the sweeps; its first round always does. */
      sweepEveryMs?: number;
    },
  ) {}

  /** Adds a job in the caller's transaction (or alone with the plain database). */
  async enqueue(tx: DbOrTx, kind: string, payload: JobPayload, runAt: Date): Promise<string> {
    const [id] = await this.enqueueMany(tx, [{ kind, payload, runAt }]);
    return id!;
  }

  /**
   * Adds several jobs with one multi-row insert, in the caller's transaction (or alone with
   * the plain database); answers their ids. An empty list writes nothing.
   */
  async enqueueMany(
    tx: DbOrTx,
    entries: readonly { kind: string; payload: JobPayload; runAt: Date }[],
  ): Promise<string[]> {
    if (entries.length === 0) return [];
    const createdAt = this.deps.clock.now();
    const rows = await tx
      .insert(jobs)
      .values(entries.map(({ kind, payload, runAt }) => ({ kind, payload, runAt, createdAt })))
      .returning({ id: jobs.id });
    return rows.map((row) => row.id);
  }

  /** The handler of a kind; one per kind, registered when the app is built. */
  register<P extends JobPayload>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind ${kind} already exists`);
    this.handlers.set(kind, handler as JobHandler);
  }

  /** A sweep, run when the poller starts and then every `sweepEveryMs`; one per name. */
  registerSweep(name: string, sweep: Sweep): void {
    if (this.sweeps.has(name)) throw new Error(`A sweep named ${name} already exists`);
    this.sweeps.set(name, sweep);
  }

  /** Runs every sweep once; one that throws is logged and does not stop the others. */
  async sweep(now: Date = this.deps.clock.now()): Promise<void> {
    for (const [name, sweep] of this.sweeps) {
      try {
        await sweep(now);
      } catch (error) {
        this.deps.log?.error({ err: error, sweep: name }, 'jobs: sweep failed');
      }
    }
  }

  /**
   * Makes the open jobs of `kind` whose payload's `field` is one of `values` due at `now`, when
   * they were due later: work found abandoned need not wait for its usual time.
   */
  async expedite(
    tx: DbOrTx,
    kind: string,
    field: string,
    values: readonly string[],
    now: Date,
  ): Promise<number> {
    if (values.length === 0) return 0;
    const rows = await tx
      .update(jobs)
      .set({ runAt: now })
      .where(
        and(
          eq(jobs.kind, kind),
          isNull(jobs.doneAt),
          gt(jobs.runAt, now),
          sql`${jobs.payload} ->> ${field} = any(${sql.param([...values])}::text[])`,
        ),
      )
      .returning({ id: jobs.id });
    return rows.length;
  }

  /**
   * Runs the jobs due at `now` (oldest first), at most `limit`, each in its own transaction.
   * Jobs of kinds nobody registered stay in the table. Jobs a handler enqueues for `now` or
   * earlier run in the same call.
   */
  async runDue(now: Date = this.deps.clock.now(), limit = 100): Promise<RunResult> {
    const result: RunResult = { ran: 0, failed: 0 };
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return result;
    while (result.ran + result.failed < limit) {
      const outcome = await this.runOne(kinds, now);
      if (outcome === 'none') break;
      result[outcome] += 1;
    }
    return result;
  }

  /**
   * Polls every `intervalMs` until `stop`, the sweeps first when they are due (always on the
   * first round: a start recovers what a previous process left); one run at a time, errors
   * logged, never thrown.
   */
  start(intervalMs: number): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.running = this.sweepIfDue()
        .then(() => this.runDue())
        .catch((error: unknown) => this.deps.log?.error({ err: error }, 'jobs: run failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  /** Stops polling and waits for the run under way, so the pool can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async sweepIfDue(): Promise<void> {
    const now = this.deps.clock.now();
    if (now.getTime() - this.lastSweep < (this.deps.sweepEveryMs ?? 30_000)) return;
    this.lastSweep = now.getTime();
    await this.sweep(now);
  }

  private runOne(kinds: string[], now: Date): Promise<'ran' | 'failed' | 'none'> {
    return this.deps.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), inArray(jobs.kind, kinds)))
        .orderBy(asc(jobs.runAt), asc(jobs.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return 'none';
      const handler = this.handlers.get(job.kind)!;
      const context: JobContext = {
        id: job.id,
        kind: job.kind,
        attempts: job.attempts,
        runAt: job.runAt,
        now,
      };
      try {
        // A savepoint: a throwing handler's writes roll back, the claim and its record stay.
        await tx.transaction((savepoint) => handler(savepoint, job.payload, context));
      } catch (error) {
        const attempts = job.attempts + 1;
        this.deps.log?.warn(
          { err: error, jobId: job.id, kind: job.kind, attempts },
          'jobs: handler failed, will retry',
        );
        await tx
          .update(jobs)
          .set({
            attempts,
            lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
            runAt: new Date(now.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(jobs.id, job.id));
        return 'failed';
      }
      await tx.update(jobs).set({ doneAt: now }).where(eq(jobs.id, job.id));
      return 'ran';
    });
  }
}

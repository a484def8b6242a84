import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CLOCK_OVERRIDE_SETTING,
  fromDrizzle,
  PgBoss,
  TestClock,
  type Db as BossDb,
  type JobInsert,
  type JobWithMetadata,
} from 'pg-boss';
import type { z } from 'zod';
import { ManualClock, type Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { Lanes } from './jobs.lanes';
import { SessionSetupPool } from './jobs.session-pool';
import { JOBS_SCHEMA, jobs } from './jobs.store';

export type JobPayload = Record<string, unknown>;

/** A fetched job as its handler sees it. */
export interface JobContext {
  id: string;
  kind: string;
  /** Failed runs before this one. */
  attempts: number;
  runAt: Date;
  /**
   * The time it runs at: read when it was fetched (the manual clock's time in tests), never
   * before `runAt`, so a handler comparing its own rows' due times with it finds them due.
   */
  now: Date;
}

/**
 * Does the work of one job inside the transaction that completes it: what it writes commits
 * with the completion, or rolls back when it throws (the job is then retried later).
 */
export type JobHandler<P extends JobPayload = JobPayload> = (
  tx: DbOrTx,
  payload: P,
  job: JobContext,
) => Promise<void>;

/** How a kind of job runs: declared once, where its handler registers. */
export interface JobKindOptions<P extends JobPayload = JobPayload> {
  /** Checked when the job is enqueued and again before its handler runs. */
  payload?: z.ZodType<P>;
  /** Retries after the first failure; then the job is failed for good (the dead letter). */
  retryLimit?: number;
  /** The first retry's delay; each next one doubles (with jitter) up to `retryDelayMaxSeconds`. */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** A run still active this long is taken back by pg-boss and retried (a crashed process). */
  expireInSeconds?: number;
  /** At most one open job per key: enqueueing another while one waits adds nothing. */
  singletonKey?: (payload: P) => string;
  /** Also enqueued on this cron schedule (empty payload), once across all processes. */
  cron?: string;
  /**
   * `false`: the handler gets the plain database, with no transaction open, and the job is
   * completed after it returns (decision 028). For a handler that calls outside (a carrier):
   * nothing may wait on that call holding a connection or a lock. Its writes are its own short
   * transactions, so they must be idempotent: a run that dies before the completion runs again.
   */
  transaction?: false;
  /** Runs once the last retry failed, in the transaction that records the failure. */
  onDeadLetter?: (tx: DbOrTx, payload: P, error: string) => Promise<void>;
  /** Runs after a failure that will be retried, in its transaction: `runAt` is the retry's time. */
  onRetry?: (tx: DbOrTx, payload: P, runAt: Date) => Promise<void>;
}

/** Jobs one runner works at once, unless its owner says otherwise (`JOBS_LANES`). */
const DEFAULT_LANES = 4;

const DEFAULTS = {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 60 * 60,
  expireInSeconds: 15 * 60,
} as const;

/** Finished jobs stay this long (the staff screen, the metrics), then pg-boss deletes them. */
const KEEP_FINISHED_SECONDS = 7 * 24 * 60 * 60;
/** A job may wait this long for its time (a guide's timeline spans days). */
const KEEP_WAITING_SECONDS = 60 * 24 * 60 * 60;

/**
 * Looks for work nobody enqueued (or whose job must run sooner) — what a previous process left
 * behind — and deals with it or enqueues it. Must be safe to run in several processes at once.
 */
export type Sweep = (now: Date) => Promise<unknown>;

export interface RunResult {
  ran: number;
  failed: number;
}

/** What pg-boss answers for a completion or failure (its typings leave the fields out). */
interface Settled {
  affected?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background-jobs runner: the worker (`main.ts`, `worker.ts`) starts its loop. */
    jobs: Jobs;
  }
}

/** A pg-boss Db over our pool, for the one-off install (no test clock there). */
function poolDatabase(db: Db): BossDb {
  return { executeSql: (text: string, values?: unknown[]) => db.$client.query(text, values) };
}

/**
 * Installs or upgrades pg-boss's schema; `runMigrations` calls it before our migrations (the
 * `jobs` view refers to it), so the test template has it and every start brings it up to the
 * pinned version.
 */
export async function installJobQueue(db: Db): Promise<void> {
  const boss = new PgBoss({
    db: poolDatabase(db),
    schema: JOBS_SCHEMA,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/**
 * The kinds among `$1` with a job due now (pg-boss's clock), in one statement. Each kind is one
 * probe of pg-boss's live-jobs index (name, state, blocked, start_after): the order by and limit
 * keep the planner on it, where a plain `exists` scanned every waiting job (80 ms at 10,000).
 */
const DUE_KINDS = `
  select kind from unnest($1::text[]) as kind
  cross join lateral (
    select from ${JOBS_SCHEMA}.job j
    where j.name = kind and j.state in ('created', 'retry') and not j.blocked
      and j.start_after <= ${JOBS_SCHEMA}.job_now()
    order by j.state, j.blocked, j.start_after
    limit 1
  ) as due`;

/**
 * Background work on pg-boss (decision 021). A job is enqueued in the transaction of the change
 * that causes it (pg-boss's `db` option over that transaction), so it exists exactly when the
 * change committed. A runner fetches due jobs (pg-boss marks each active, so no other process
 * takes it), runs the handler in a transaction that also completes the job, and on a throw fails
 * it: pg-boss retries it with backoff up to the kind's limit, then keeps it failed for staff.
 * A process that dies mid-run leaves the job active; once its expiry passes pg-boss retries it,
 * and a late completion from a run it took back is refused, so that run's writes roll back.
 *
 * Jobs run on a few lanes at once (decision 031). Whenever a lane is free the runner asks which
 * kinds have due work (one statement) and fetches those only, in batches, sharing the free lanes
 * among them: the kind with the fewest runs under way goes first and no kind takes every lane, so
 * one long job (a backfill, a bulk-label run) or one kind's backlog never holds the others back.
 *
 * With a `ManualClock` (tests), pg-boss's statements read that clock's time (pg-boss's
 * `TestClock`), so `runDue(now)` runs what is due at `now` and retries wait on the same clock.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly kinds = new Map<string, JobKindOptions>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly sweeps = new Map<string, Sweep>();
  /** Runs under way in this process, by kind. */
  private readonly busy = new Map<string, number>();
  private readonly lanes: number;
  /** Which due kind is offered a free lane first: it turns, so ties are shared. */
  private turn = 0;
  private readonly testClock: TestClock | undefined;
  private boss: Promise<PgBoss> | undefined;
  /** pg-boss's connections under a test clock (see `SessionSetupPool`). */
  private sessions: SessionSetupPool | undefined;
  /** Ends the worker's pause between polls early (`stop`). */
  private wake: (() => void) | undefined;
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
      /**
       * Jobs run at once (4 unless given). Each transactional run holds one of the app's
       * connections while it runs, so keep it well under the pool's size.
       */
      lanes?: number;
    },
  ) {
    if (deps.clock instanceof ManualClock) this.testClock = new TestClock(deps.clock.now());
    this.lanes = deps.lanes ?? DEFAULT_LANES;
  }

  /** Adds a job in the caller's transaction (or alone with the plain database). */
  async enqueue(tx: DbOrTx, kind: string, payload: JobPayload, runAt: Date): Promise<string> {
    const [id] = await this.enqueueMany(tx, [{ kind, payload, runAt }]);
    return id!;
  }

  /**
   * Adds several jobs in the caller's transaction (or alone with the plain database); answers
   * their ids in the order given. An empty list writes nothing.
   */
  async enqueueMany(
    tx: DbOrTx,
    entries: readonly { kind: string; payload: JobPayload; runAt: Date }[],
  ): Promise<string[]> {
    if (entries.length === 0) return [];
    const boss = await this.open();
    const ids = entries.map(() => randomUUID());
    const byKind = new Map<string, JobInsert<JobPayload>[]>();
    entries.forEach(({ kind, payload, runAt }, index) => {
      const options = this.kinds.get(kind);
      const data = options?.payload ? options.payload.parse(payload) : payload;
      const job: JobInsert<JobPayload> = { id: ids[index]!, data, startAfter: runAt };
      const key = options?.singletonKey?.(data);
      if (key) job.singletonKey = key;
      byKind.set(kind, [...(byKind.get(kind) ?? []), job]);
    });
    const db = fromDrizzle(tx, sql);
    for (const [kind, batch] of byKind) {
      await this.queue(boss, kind);
      await boss.insert(kind, batch, { db });
    }
    return ids;
  }

  /**
   * The SQL expression that enqueues `entries` where a statement evaluates it, through the
   * platform's `jobs_enqueue_many` (the `jobs` view's trigger): for a write that enqueues only
   * when it happened, e.g. `(select <this> from inserted)`, in one statement with no transaction
   * around it. Payloads are checked as `enqueueMany` checks them and the kinds' queues are made
   * first; a kind with a `singletonKey` is refused (that entrance does not apply it).
   */
  async enqueueSql(
    entries: readonly { kind: string; payload: JobPayload; runAt: Date }[],
    now: Date,
  ): Promise<SQL> {
    const boss = await this.open();
    const rows = [];
    for (const { kind, payload, runAt } of entries) {
      const options = this.kinds.get(kind);
      if (options?.singletonKey) throw new Error(`enqueueSql: ${kind} has a singleton key`);
      await this.queue(boss, kind);
      const data = options?.payload ? options.payload.parse(payload) : payload;
      rows.push({ kind, payload: data, run_at: runAt.toISOString() });
    }
    return sql`jobs_enqueue_many(${JSON.stringify(rows)}::jsonb, ${now.toISOString()}::timestamptz)`;
  }

  /** The handler of a kind and how it runs; one per kind, registered when the app is built. */
  register<P extends JobPayload>(
    kind: string,
    handler: JobHandler<P>,
    options: JobKindOptions<P> = {},
  ): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind ${kind} already exists`);
    this.handlers.set(kind, handler as JobHandler);
    this.kinds.set(kind, options as JobKindOptions);
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
   * Makes the waiting jobs of `kind` whose payload's `field` is one of `values` due at `now`,
   * when they were due later: work found abandoned need not wait for its usual time.
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
          sql`${jobs.state} < 'active'`,
          gt(jobs.runAt, now),
          sql`${jobs.payload} ->> ${field} = any(${sql.param([...values])}::text[])`,
        ),
      )
      .returning({ id: jobs.id });
    return rows.length;
  }

  /**
   * Runs the jobs due at `now`, at most `limit`, on the runner's lanes, and answers once none is
   * due and none is under way: jobs a handler enqueues for `now` or earlier run in the same call.
   * Within a kind pg-boss hands jobs out as enqueued; runs overlap, so nothing is promised about
   * the order they finish in. Jobs of kinds nobody registered wait. Without `now`, each fetch
   * runs what is due at the clock's time then.
   */
  async runDue(now?: Date, limit = 100): Promise<RunResult> {
    const result: RunResult = { ran: 0, failed: 0 };
    if (this.handlers.size === 0) return result;
    const boss = await this.open();
    const at = now ?? (this.testClock ? this.deps.clock.now() : undefined);
    if (at) await this.testClock?.setTime(at);
    const errors: unknown[] = [];
    const lanes = new Lanes(this.lanes, (error) => errors.push(error));
    let started = 0;
    for (;;) {
      const free = Math.min(lanes.free, limit - started);
      const fetched =
        free > 0
          ? await this.dispatch(boss, free, at, (run) =>
              lanes.add(run.then((outcome) => (result[outcome] += 1))),
            )
          : 0;
      started += fetched;
      if (fetched === 0 && lanes.busy === 0) break;
      // Look again at once while lanes are free and work was found; else after a run ends.
      if (fetched === 0 || lanes.free === 0 || started >= limit) await lanes.next();
    }
    if (errors.length > 0) throw errors[0];
    return result;
  }

  /**
   * Gives a job that used its last retry one more run, due now, in the caller's transaction (so
   * the staff action's audit entry commits with it); answers the job, or null when no failed job
   * has that id.
   */
  async retryFailed(tx: DbOrTx, id: string): Promise<typeof jobs.$inferSelect | null> {
    const [row] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
      .for('update');
    if (!row) return null;
    const boss = await this.open();
    await this.readTestClock(tx);
    await boss.retry(row.kind, id, { db: fromDrizzle(tx, sql) });
    return row;
  }

  /**
   * pg-boss's maintenance, now: runs that outlived their expiry (a crashed process) go back to
   * be retried, finished jobs past their keeping time are deleted. A started worker's pg-boss
   * does this on its own timer; tests on the manual clock call it.
   */
  async maintain(): Promise<void> {
    const boss = await this.open();
    await this.testClock?.setTime(this.deps.clock.now());
    await boss.supervise();
  }

  /**
   * The worker: runs what is due on its lanes until `stop`, looking again as soon as a lane is
   * free, and every `intervalMs` when nothing was due; the sweeps first when they are due (always
   * at start: a start recovers what a previous process left). Errors are logged, never thrown.
   * Also puts the kinds' cron schedules in place.
   */
  start(intervalMs: number): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.work(intervalMs);
  }

  /** Stops fetching, waits for every run under way and closes pg-boss, so the pool can close. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    this.running = undefined;
    const boss = this.boss;
    this.boss = undefined;
    this.queues.clear();
    // A pg-boss that never started (the database was gone) has nothing to stop.
    await boss?.then(
      (started) => started.stop({ graceful: false }),
      () => {},
    );
    const sessions = this.sessions;
    this.sessions = undefined;
    await sessions?.close();
  }

  private async work(intervalMs: number): Promise<void> {
    const log = this.deps.log;
    // Before any fetch: `stop` closes pg-boss once this loop ends, schedules included.
    await this.schedule().catch((error: unknown) =>
      log?.error({ err: error }, 'jobs: scheduling failed'),
    );
    const lanes = new Lanes(this.lanes, (error) => log?.error({ err: error }, 'jobs: run failed'));
    while (!this.stopped) {
      let fetched = 0;
      try {
        await this.sweepIfDue();
        const boss = await this.open();
        // On the manual clock (tests) pg-boss reads the time it was moved to.
        const at = this.testClock ? this.deps.clock.now() : undefined;
        if (at) await this.testClock?.setTime(at);
        if (!this.stopped && lanes.free > 0) {
          fetched = await this.dispatch(boss, lanes.free, at, (run) => lanes.add(run));
        }
      } catch (error) {
        log?.error({ err: error }, 'jobs: run failed');
      }
      if (this.stopped) break;
      if (lanes.free === 0) await lanes.next();
      else if (fetched === 0) await this.pause(intervalMs, lanes);
    }
    await lanes.all();
  }

  /** Waits `ms`, or less: until a run ends (it may have enqueued work) or `stop`. */
  private pause(ms: number, lanes: Lanes): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
      if (lanes.busy > 0) void lanes.next().then(done);
    });
  }

  /**
   * Fetches up to `free` due jobs and starts each through `start`: asks which kinds have due
   * work, shares the free lanes among them (the kind with the fewest runs under way first, none
   * above all lanes but one) and fetches each kind's share in one batch. Answers how many started.
   * `now` fixes the time the handlers are told (tests); without it the clock is read after each
   * fetch.
   */
  private async dispatch(
    boss: PgBoss,
    free: number,
    now: Date | undefined,
    start: (run: Promise<'ran' | 'failed'>) => void,
  ): Promise<number> {
    const { rows } = await boss.getDb().executeSql(DUE_KINDS, [[...this.handlers.keys()]]);
    const due = (rows as { kind: string }[]).map((row) => row.kind);
    let started = 0;
    for (const [kind, batchSize] of this.share(due, free)) {
      await this.queue(boss, kind);
      const fetched = await boss.fetch<JobPayload>(kind, { includeMetadata: true, batchSize });
      const at = now ?? this.deps.clock.now();
      for (const job of fetched) {
        // A job fetched is due by pg-boss's clock; the app's may lag it (another host).
        const runsAt = new Date(Math.max(at.getTime(), job.startAfter.getTime()));
        this.busy.set(kind, (this.busy.get(kind) ?? 0) + 1);
        start(
          this.runOne(boss, job, runsAt).finally(() =>
            this.busy.set(kind, this.busy.get(kind)! - 1),
          ),
        );
      }
      started += fetched.length;
    }
    return started;
  }

  /** How many of `free` lanes each due kind gets (see `dispatch`). */
  private share(due: readonly string[], free: number): Map<string, number> {
    const cap = Math.max(1, this.lanes - 1);
    const shares = new Map<string, number>();
    const first = due.length > 0 ? this.turn++ % due.length : 0;
    const order = [...due.slice(first), ...due.slice(0, first)];
    for (let lane = 0; lane < free; lane += 1) {
      let pick: string | undefined;
      let least = cap;
      for (const kind of order) {
        const load = (this.busy.get(kind) ?? 0) + (shares.get(kind) ?? 0);
        if (load < least) [pick, least] = [kind, load];
      }
      if (pick === undefined) break;
      shares.set(pick, (shares.get(pick) ?? 0) + 1);
    }
    return shares;
  }

  /** pg-boss, started on first use (the schema is already installed by the migrations). */
  private open(): Promise<PgBoss> {
    this.boss ??= (async () => {
      const connection = {
        connectionString: this.deps.db.$client.options.connectionString,
        max: 3,
      };
      if (this.testClock) {
        this.sessions = new SessionSetupPool(connection, (error) =>
          this.deps.log?.error({ err: error }, 'jobs: pg-boss connection error'),
        );
      }
      const boss = new PgBoss({
        ...(this.sessions ? { db: this.sessions } : connection),
        schema: JOBS_SCHEMA,
        migrate: false,
        // Maintenance (expiry of crashed runs, deleting finished jobs) and cron run on real
        // time only; a test moves its clock by hand and runs what it needs.
        supervise: !this.testClock,
        schedule: !this.testClock,
        ...(this.testClock ? { clock: this.testClock, registerInstance: false } : {}),
      });
      // The error alone: pg-boss attaches its connection's internals, which a log has no use for.
      boss.on('error', (error: Error & { code?: string }) =>
        this.deps.log?.error(
          { err: { message: error.message, code: error.code, stack: error.stack } },
          'jobs: pg-boss error',
        ),
      );
      return boss.start();
    })();
    return this.boss;
  }

  /** Creates the kind's queue once (or updates its options), before its first job. */
  private queue(boss: PgBoss, kind: string): Promise<void> {
    let ready = this.queues.get(kind);
    if (!ready) {
      const options = { ...DEFAULTS, ...this.kinds.get(kind) };
      const settings = {
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds,
        deleteAfterSeconds: KEEP_FINISHED_SECONDS,
        retentionSeconds: KEEP_WAITING_SECONDS,
      };
      ready = boss
        .createQueue(kind, { ...settings, retryDelayMax: options.retryDelayMaxSeconds })
        .then(() => boss.updateQueue(kind, settings));
      this.queues.set(kind, ready);
    }
    return ready;
  }

  private async schedule(): Promise<void> {
    const boss = await this.open();
    for (const [kind, options] of this.kinds) {
      if (!options.cron) continue;
      await this.queue(boss, kind);
      await boss.schedule(kind, options.cron, {});
    }
  }

  /** A transaction whose pg-boss statements read the test clock, when there is one. */
  private transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(async (tx) => {
      await this.readTestClock(tx);
      return work(tx);
    });
  }

  /** With a test clock, pg-boss's statements in this transaction read its time. */
  private async readTestClock(tx: DbOrTx): Promise<void> {
    if (this.testClock) {
      await tx.execute(sql`select set_config(${CLOCK_OVERRIDE_SETTING}, 'on', true)`);
    }
  }

  private async runOne(
    boss: PgBoss,
    job: JobWithMetadata<JobPayload>,
    now: Date,
  ): Promise<'ran' | 'failed'> {
    const options = this.kinds.get(job.name) ?? {};
    const attempt = { id: job.id, retryCount: job.retryCount };
    const context: JobContext = {
      id: job.id,
      kind: job.name,
      attempts: job.retryCount,
      runAt: job.startAfter,
      now,
    };
    const handler = this.handlers.get(job.name)!;
    const payloadOf = () => (options.payload ? options.payload.parse(job.data) : job.data);
    try {
      if (options.transaction === false) await handler(this.deps.db, payloadOf(), context);
      await this.transaction(async (tx) => {
        if (options.transaction !== false) await handler(tx, payloadOf(), context);
        const done: Settled = await boss.complete(job.name, attempt, null, {
          db: fromDrizzle(tx, sql),
        });
        // pg-boss took the job back (its run expired) and another run owns it now.
        if (done.affected === 0) throw new Error('the job expired before this run completed it');
      });
      return 'ran';
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      this.deps.log?.warn(
        { err: error, jobId: job.id, kind: job.name, attempts: job.retryCount + 1 },
        'jobs: handler failed',
      );
      await this.transaction(async (tx) => {
        await boss.fail(job.name, attempt, { message }, { db: fromDrizzle(tx, sql) });
        if (job.retryCount >= job.retryLimit) {
          await options.onDeadLetter?.(tx, job.data, message);
        } else if (options.onRetry) {
          // pg-boss chose the retry's time (backoff with jitter): read it, never recompute it.
          const [retry] = await tx
            .select({ runAt: jobs.runAt })
            .from(jobs)
            .where(eq(jobs.id, job.id));
          if (retry) await options.onRetry(tx, job.data, retry.runAt);
        }
      });
      return 'failed';
    }
  }

  private async sweepIfDue(): Promise<void> {
    const now = this.deps.clock.now();
    if (now.getTime() - this.lastSweep < (this.deps.sweepEveryMs ?? 30_000)) return;
    this.lastSweep = now.getTime();
    await this.sweep(now);
  }
}

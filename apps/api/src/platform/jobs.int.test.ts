import { eq, inArray } from 'drizzle-orm';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
} from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { ManualClock, systemClock, type Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { Jobs } from './jobs';
import { jobs as jobsTable } from './jobs.store';

let db: Db;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.$client.end());
// Every test starts from an empty queue: leftovers of another test would be run too.
beforeEach(async () => {
  await db.delete(jobsTable);
});
// Each runner's pg-boss holds connections of its own.
const runners: Jobs[] = [];
afterEach(async () => {
  // One after the other: each hands pg-boss's clock function back as it stops.
  for (const runner of runners.splice(0)) await runner.stop();
});
function runnerOf(clock: Clock, lanes?: number) {
  const runner = new Jobs({ db, clock, lanes });
  runners.push(runner);
  return runner;
}

const T0 = new Date('2026-03-02T16:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function rowOf(id: string) {
  const [row] = await db.select().from(jobsTable).where(eq(jobsTable.id, id));
  return row!;
}

/** Resolves when `resolve` is called: lets a test hold a handler mid-run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('Jobs', () => {
  it('runs due jobs in the order they were enqueued and leaves future ones for later', async () => {
    const clock = new ManualClock(T0);
    // One lane, so the order they start in is the order they run in.
    const runner = runnerOf(clock, 1);
    const seen: string[] = [];
    runner.register<{ name: string }>('test.record', async (_tx, payload) => {
      seen.push(payload.name);
    });
    const late = await runner.enqueue(db, 'test.record', { name: 'late' }, minutes(10));
    const second = await runner.enqueue(db, 'test.record', { name: 'second' }, minutes(-1));
    const first = await runner.enqueue(db, 'test.record', { name: 'first' }, minutes(-5));
    const now = await runner.enqueue(db, 'test.record', { name: 'now' }, T0);

    expect(await runner.runDue()).toEqual({ ran: 3, failed: 0 });
    expect(seen).toEqual(['second', 'first', 'now']);
    for (const id of [first, second, now]) {
      expect(await rowOf(id)).toMatchObject({ state: 'completed', settledAt: T0 });
    }
    expect(await rowOf(late)).toMatchObject({ state: 'created', settledAt: null });

    // Nothing runs twice; the later job runs once its time comes.
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 0 });
    clock.advance(10 * 60_000);
    expect(await runner.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual(['second', 'first', 'now', 'late']);
  });

  it('enqueues several jobs in one go, inside the caller’s transaction', async () => {
    const runner = runnerOf(new ManualClock(T0));
    const seen: string[] = [];
    runner.register<{ name: string }>('test.record', async (_tx, payload) => {
      seen.push(payload.name);
    });
    expect(await runner.enqueueMany(db, [])).toEqual([]);
    // Rolled back with the transaction that enqueued them.
    await expect(
      db.transaction(async (tx) => {
        await runner.enqueueMany(tx, [
          { kind: 'test.record', payload: { name: 'lost' }, runAt: T0 },
        ]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const ids = await runner.enqueueMany(db, [
      { kind: 'test.record', payload: { name: 'b' }, runAt: minutes(-1) },
      { kind: 'test.record', payload: { name: 'a' }, runAt: minutes(-2) },
      { kind: 'test.record', payload: { name: 'later' }, runAt: minutes(5) },
    ]);
    expect(ids).toHaveLength(3);
    expect(await runner.runDue()).toEqual({ ran: 2, failed: 0 });
    // Enqueued together, they are equally old: either may run first.
    expect(seen.sort()).toEqual(['a', 'b']);
    expect((await rowOf(ids[2]!)).state).toBe('created');
    // Nothing of the rolled-back transaction reached the queue.
    expect(await db.select().from(jobsTable)).toHaveLength(3);
  });

  it('leaves jobs of kinds nobody handles, and stops at the limit', async () => {
    const runner = runnerOf(new ManualClock(T0));
    let count = 0;
    runner.register('test.count', async () => {
      count += 1;
    });
    const foreign = await runner.enqueue(db, 'test.unhandled', {}, minutes(-1));
    for (let i = 0; i < 3; i += 1) await runner.enqueue(db, 'test.count', {}, minutes(-1));
    expect(await runner.runDue(T0, 2)).toEqual({ ran: 2, failed: 0 });
    expect(await runner.runDue(T0)).toEqual({ ran: 1, failed: 0 });
    expect(count).toBe(3);
    expect((await rowOf(foreign)).state).toBe('created');
  });

  it('never runs one job twice when two runners work at once', async () => {
    const clock = new ManualClock(T0);
    const runs = new Map<string, number>();
    const held = gate();
    const entered = gate();
    const record = (runner: string) => async (_tx: unknown, payload: { n: number }) => {
      runs.set(String(payload.n), (runs.get(String(payload.n)) ?? 0) + 1);
      if (runner === 'a' && payload.n === 0) {
        // Runner A holds the oldest job (and its row lock) until B has finished.
        entered.open();
        await held.opened;
      }
    };
    // A works one job at a time, so it takes only the oldest.
    const a = runnerOf(clock, 1);
    const b = runnerOf(clock);
    a.register('test.concurrent', record('a'));
    b.register('test.concurrent', record('b'));
    for (let n = 0; n < 8; n += 1) {
      await a.enqueue(db, 'test.concurrent', { n }, minutes(n - 10));
    }

    const first = a.runDue();
    await entered.opened;
    // B skips the job A has locked instead of waiting for it or running it again.
    expect(await b.runDue()).toEqual({ ran: 7, failed: 0 });
    held.open();
    expect(await first).toEqual({ ran: 1, failed: 0 });

    expect([...runs.keys()].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await db.select().from(jobsTable);
    expect(rows.every((row) => row.state === 'completed')).toBe(true);
  });

  it('retries a failure with backoff, runs the other jobs, then keeps it failed for staff', async () => {
    const clock = new ManualClock(T0);
    const runner = runnerOf(clock);
    const deadLetters: unknown[] = [];
    const retries: Date[] = [];
    let failuresLeft = 2;
    runner.register(
      'test.flaky',
      async () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('carrier timeout');
        }
      },
      {
        retryLimit: 3,
        retryDelaySeconds: 30,
        onRetry: async (_tx, _payload, runAt) => void retries.push(runAt),
      },
    );
    runner.register(
      'test.broken',
      async () => {
        throw new Error('never works');
      },
      {
        retryLimit: 1,
        retryDelaySeconds: 30,
        onDeadLetter: async (_tx, payload, error) => void deadLetters.push({ payload, error }),
      },
    );
    let others = 0;
    runner.register('test.steady', async () => {
      others += 1;
    });
    const flaky = await runner.enqueue(db, 'test.flaky', {}, minutes(-2));
    const broken = await runner.enqueue(db, 'test.broken', { n: 1 }, minutes(-2));
    await runner.enqueue(db, 'test.steady', {}, minutes(-1));

    expect(await runner.runDue()).toEqual({ ran: 1, failed: 2 });
    expect(others).toBe(1);
    const first = await rowOf(flaky);
    expect(first).toMatchObject({ state: 'retry', output: { message: 'carrier timeout' } });
    // The kind is told the very time pg-boss chose for the retry.
    expect(retries).toEqual([first.runAt]);
    // Backoff with jitter: at least the first delay, at most twice it.
    const waits = [first, await rowOf(broken)].map((row) => row.runAt.getTime() - T0.getTime());
    for (const delay of waits) {
      expect(delay).toBeGreaterThanOrEqual(30_000);
      expect(delay).toBeLessThanOrEqual(60_000);
    }
    const wait = Math.max(...waits);
    // Not due again until the backoff has passed.
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 0 });

    // (The database keeps microseconds the row read here rounds away.)
    clock.advance(wait + 1);
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 2 });
    const second = await rowOf(flaky);
    expect(second.runAt.getTime() - clock.now().getTime()).toBeGreaterThan(wait / 2);
    // The broken job used its one retry: failed for good, and its kind was told.
    expect(await rowOf(broken)).toMatchObject({
      state: 'failed',
      output: { message: 'never works' },
    });
    expect(deadLetters).toEqual([{ payload: { n: 1 }, error: 'never works' }]);
    expect(retries).toEqual([first.runAt, second.runAt]);

    clock.advance(60 * 60_000);
    expect(await runner.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(await rowOf(flaky)).toMatchObject({ state: 'completed', settledAt: clock.now() });
  });

  it('retries the job of a run that crashed, and refuses that run’s late completion', async () => {
    const clock = new ManualClock(T0);
    const held = gate();
    const entered = gate();
    const crashed = runnerOf(clock);
    const survivor = runnerOf(clock);
    const handlerOf = (name: string, runner: Jobs) => async (tx: DbOrTx) => {
      // What the run writes: a follow-up job, in the run's transaction.
      await runner.enqueue(tx, 'test.follow_up', { by: name }, minutes(60));
      if (name === 'crashed') {
        entered.open();
        await held.opened;
      }
    };
    crashed.register('test.crash', handlerOf('crashed', crashed), { expireInSeconds: 60 });
    survivor.register('test.crash', handlerOf('survivor', survivor), { expireInSeconds: 60 });
    // Both runners are up before the run starts (a test clock attaching later would wait for
    // the stuck run's transaction).
    expect(await survivor.runDue()).toEqual({ ran: 0, failed: 0 });
    const id = await crashed.enqueue(db, 'test.crash', {}, T0);

    const stuck = crashed.runDue();
    // However this test ends, the stuck run is let go (its runner stops after it).
    onTestFinished(() => held.open());
    await entered.opened;
    // While the run is under way, nobody else takes the job.
    expect(await survivor.runDue()).toEqual({ ran: 0, failed: 0 });
    // Its process is gone (it never answers): past the expiry pg-boss takes the job back, and
    // it runs again once its retry delay has passed.
    clock.advance(61_000);
    await survivor.maintain();
    expect(await rowOf(id)).toMatchObject({ state: 'retry' });
    clock.advance(60 * 60_000);
    expect(await survivor.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ state: 'completed' });

    // The first run finishing after all is refused, so what it wrote rolls back.
    held.open();
    expect(await stuck).toEqual({ ran: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({ state: 'completed' });
    const followUps = await db.select().from(jobsTable).where(eq(jobsTable.kind, 'test.follow_up'));
    expect(followUps.map((row) => row.payload)).toEqual([{ by: 'survivor' }]);
  });

  it('commits a handler’s writes with the done mark, and rolls them back when it throws', async () => {
    const runner = runnerOf(new ManualClock(T0));
    runner.register<{ fail: boolean; tag: string }>('test.writer', async (tx, payload) => {
      await runner.enqueue(tx, 'test.follow_up', { tag: payload.tag }, minutes(60));
      if (payload.fail) throw new Error('refused after writing');
    });
    const failing = await runner.enqueue(db, 'test.writer', { fail: true, tag: 'a' }, T0);
    const passing = await runner.enqueue(db, 'test.writer', { fail: false, tag: 'b' }, T0);

    expect(await runner.runDue()).toEqual({ ran: 1, failed: 1 });
    const followUps = await db
      .select()
      .from(jobsTable)
      .where(inArray(jobsTable.kind, ['test.follow_up']));
    expect(followUps.map((row) => row.payload)).toEqual([{ tag: 'b' }]);
    expect(await rowOf(failing)).toMatchObject({ state: 'retry', settledAt: null });
    expect(await rowOf(passing)).toMatchObject({ state: 'completed', settledAt: T0 });
  });

  it('works a few jobs at once, never every lane on one kind, and what handlers enqueue for now', async () => {
    const runner = runnerOf(new ManualClock(T0), 3);
    const release = gate();
    let running = 0;
    let most = 0;
    runner.register('test.slow', async () => {
      running += 1;
      most = Math.max(most, running);
      await release.opened;
      running -= 1;
    });
    const chain: number[] = [];
    runner.register<{ n: number }>('test.chain', async (tx, { n }) => {
      chain.push(n);
      if (n < 3) await runner.enqueue(tx, 'test.chain', { n: n + 1 }, T0);
      else release.open();
    });
    for (let i = 0; i < 4; i += 1) await runner.enqueue(db, 'test.slow', {}, minutes(-1));
    await runner.enqueue(db, 'test.chain', { n: 0 }, T0);

    // The slow jobs wait for the end of a chain each link of which is enqueued by the one
    // before: it runs on the lane they may not take.
    onTestFinished(() => release.open());
    expect(await runner.runDue()).toEqual({ ran: 8, failed: 0 });
    expect(chain).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
  });

  it('keeps working beside a long run, and tells each job a time not before its own', async () => {
    const runner = runnerOf(systemClock);
    const long = gate();
    const entered = gate();
    runner.register('test.long', async () => {
      entered.open();
      await long.opened;
    });
    const told: { now: Date; runAt: Date }[] = [];
    const ran = gate();
    runner.register('test.short', async (_tx, _payload, job) => {
      told.push({ now: job.now, runAt: job.runAt });
      ran.open();
    });
    await runner.enqueue(db, 'test.long', {}, new Date());
    onTestFinished(() => long.open());
    runner.start(50);
    await entered.opened;
    // Due after the worker's last look: it is fetched once that time has come.
    await runner.enqueue(db, 'test.short', {}, new Date(Date.now() + 200));
    await ran.opened;
    expect(told).toHaveLength(1);
    expect(told[0]!.now.getTime()).toBeGreaterThanOrEqual(told[0]!.runAt.getTime());
    long.open();
    await runner.stop();
    const rows = await db.select().from(jobsTable);
    expect(rows.map((row) => row.state)).toEqual(['completed', 'completed']);
  });

  it('polls until stopped', async () => {
    const runner = runnerOf(new ManualClock(T0));
    const done = gate();
    runner.register('test.polled', async () => done.open());
    await runner.enqueue(db, 'test.polled', {}, T0);
    runner.start(50);
    await done.opened;
    await runner.stop();
    const [row] = await db.select().from(jobsTable);
    expect(row!.state).toBe('completed');
  });
});

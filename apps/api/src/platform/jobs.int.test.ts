import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { ManualClock } from './clock';
import type { Db } from './db';
import { Jobs, retryDelayMs } from './jobs';
import { jobs as jobsTable } from './jobs.tables';

let db: Db;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.$client.end());
// Every test starts from an empty queue: leftovers of another test would be run too.
beforeEach(async () => {
  await db.delete(jobsTable);
});

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
  it('runs due jobs oldest first and leaves future ones for later', async () => {
    const clock = new ManualClock(T0);
    const runner = new Jobs({ db, clock });
    const seen: string[] = [];
    runner.register<{ name: string }>('test.record', async (_tx, payload) => {
      seen.push(payload.name);
    });
    const late = await runner.enqueue(db, 'test.record', { name: 'late' }, minutes(10));
    const second = await runner.enqueue(db, 'test.record', { name: 'second' }, minutes(-1));
    const first = await runner.enqueue(db, 'test.record', { name: 'first' }, minutes(-5));
    const now = await runner.enqueue(db, 'test.record', { name: 'now' }, T0);

    expect(await runner.runDue()).toEqual({ ran: 3, failed: 0 });
    expect(seen).toEqual(['first', 'second', 'now']);
    for (const id of [first, second, now]) expect((await rowOf(id)).doneAt).toEqual(T0);
    expect((await rowOf(late)).doneAt).toBeNull();

    // Nothing runs twice; the later job runs once its time comes.
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 0 });
    clock.advance(10 * 60_000);
    expect(await runner.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual(['first', 'second', 'now', 'late']);
  });

  it('enqueues several jobs in one go, inside the caller’s transaction', async () => {
    const runner = new Jobs({ db, clock: new ManualClock(T0) });
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
    expect(seen).toEqual(['a', 'b']);
    expect((await rowOf(ids[2]!)).doneAt).toBeNull();
  });

  it('leaves jobs of kinds nobody handles, and stops at the limit', async () => {
    const runner = new Jobs({ db, clock: new ManualClock(T0) });
    let count = 0;
    runner.register('test.count', async () => {
      count += 1;
    });
    const foreign = await runner.enqueue(db, 'test.unhandled', {}, minutes(-1));
    for (let i = 0; i < 3; i += 1) await runner.enqueue(db, 'test.count', {}, minutes(-1));
    expect(await runner.runDue(T0, 2)).toEqual({ ran: 2, failed: 0 });
    expect(await runner.runDue(T0)).toEqual({ ran: 1, failed: 0 });
    expect(count).toBe(3);
    expect((await rowOf(foreign)).doneAt).toBeNull();
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
    const a = new Jobs({ db, clock });
    const b = new Jobs({ db, clock });
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
    expect(rows.every((row) => row.doneAt !== null)).toBe(true);
  });

  it('records a failure, retries later with backoff and still runs the other jobs', async () => {
    const clock = new ManualClock(T0);
    const runner = new Jobs({ db, clock });
    let failuresLeft = 2;
    runner.register('test.flaky', async () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('carrier timeout');
      }
    });
    let others = 0;
    runner.register('test.steady', async () => {
      others += 1;
    });
    const flaky = await runner.enqueue(db, 'test.flaky', {}, minutes(-2));
    await runner.enqueue(db, 'test.steady', {}, minutes(-1));

    expect(await runner.runDue()).toEqual({ ran: 1, failed: 1 });
    expect(others).toBe(1);
    expect(await rowOf(flaky)).toMatchObject({
      attempts: 1,
      lastError: 'carrier timeout',
      doneAt: null,
      runAt: new Date(T0.getTime() + retryDelayMs(1)),
    });
    // Not due again until the backoff has passed.
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 0 });

    clock.advance(retryDelayMs(1));
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 1 });
    const second = await rowOf(flaky);
    expect(second.attempts).toBe(2);
    expect(second.runAt).toEqual(new Date(clock.now().getTime() + retryDelayMs(2)));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    clock.advance(retryDelayMs(2));
    expect(await runner.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(await rowOf(flaky)).toMatchObject({ attempts: 2, doneAt: clock.now() });
  });

  it('commits a handler’s writes with the done mark, and rolls them back when it throws', async () => {
    const runner = new Jobs({ db, clock: new ManualClock(T0) });
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
    expect((await rowOf(failing)).doneAt).toBeNull();
    expect((await rowOf(passing)).doneAt).toEqual(T0);
  });

  it('polls until stopped', async () => {
    const runner = new Jobs({ db, clock: new ManualClock(T0) });
    const done = gate();
    runner.register('test.polled', async () => done.open());
    await runner.enqueue(db, 'test.polled', {}, T0);
    runner.start(50);
    await done.opened;
    await runner.stop();
    const [row] = await db.select().from(jobsTable);
    expect(row!.doneAt).toEqual(T0);
  });
});

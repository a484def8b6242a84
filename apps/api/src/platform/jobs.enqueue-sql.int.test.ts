import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/test-app';
import { ManualClock } from './clock';
import type { Db } from './db';
import { Jobs } from './jobs';

let db: Db;
let runner: Jobs;
const clock = new ManualClock(new Date('2026-03-02T16:00:00Z'));
beforeAll(async () => {
  db = await createTestDatabase();
  runner = new Jobs({ db, clock });
});
afterAll(async () => {
  await runner.stop();
  await db.$client.end();
});

describe('Jobs.enqueueSql', () => {
  it('enqueues where the statement evaluates it, only for the rows that call it, and the runner runs them', async () => {
    const seen: string[] = [];
    runner.register<{ name: string }>(
      'test.sql-enqueued',
      async (_tx, { name }) => {
        seen.push(name);
      },
      { payload: z.object({ name: z.string() }), retryDelaySeconds: 5 },
    );
    const now = clock.now();
    const enqueue = await runner.enqueueSql(
      [{ kind: 'test.sql-enqueued', payload: { name: 'once' }, runAt: now }],
      now,
    );
    // As a write's CTE uses it: evaluated for a row that exists, not for none.
    await db.execute(sql`select ${enqueue} from (values (1)) as inserted(id) where id = 1`);
    await db.execute(sql`select ${enqueue} from (values (1)) as inserted(id) where id = 2`);
    const { rows } = await db.execute<{ retry_delay: number }>(
      sql`select retry_delay from pgboss.job where name = 'test.sql-enqueued'`,
    );
    // One job, with its kind's options (its queue was made before the statement).
    expect(rows).toEqual([{ retry_delay: 5 }]);
    await runner.runDue(now);
    expect(seen).toEqual(['once']);
  });

  it('checks payloads as enqueue does, and refuses a kind whose singleton key it cannot apply', async () => {
    runner.register('test.sql-checked', async () => {}, {
      payload: z.object({ id: z.uuid() }),
    });
    runner.register('test.sql-single', async () => {}, { singletonKey: () => 'one' });
    const now = clock.now();
    await expect(
      runner.enqueueSql([{ kind: 'test.sql-checked', payload: { id: 'x' }, runAt: now }], now),
    ).rejects.toThrow();
    await expect(
      runner.enqueueSql([{ kind: 'test.sql-single', payload: {}, runAt: now }], now),
    ).rejects.toThrow(/singleton key/);
  });
});

/**
 * Decision 028, the flow layer itself: checkpoints that two drivers cannot both pass (the
 * layer's, or written in a step's own statement), a call's answer recorded with the next step,
 * a refusal compensated last step first, a failed driver's resume job and a run out of retries
 * failed for staff, and the runs nobody drives (a dead process's, or stopped in a live one)
 * given their job.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { AppError } from './errors';
import type { DbOrTx } from './db';
import {
  FlowRunMoved,
  RESUME_FLOW_AFTER_MS,
  RESUME_FLOW_JOB,
  type FlowDefinition,
  type Flows,
} from './flows';
import { FLOW_RUNS_KEPT_DAYS, pruneFlowRuns } from './flows.prune';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let flows: Flows;
beforeAll(async () => {
  ctx = await createTestApp();
  flows = ctx.app.services.flows;
});
afterAll(() => ctx.close());

interface Counting extends Record<string, unknown> {
  calls?: number;
  shipped?: boolean;
}

async function runRow(id: string) {
  const rows = await ctx.db.execute<{
    state: string;
    step: string;
    failed_step: string | null;
    error: string | null;
    data: Counting;
  }>(sql`select state, step, failed_step, error, data from flow_runs where id = ${id}`);
  return rows.rows[0]!;
}

/** The run's resume jobs waiting or running. */
async function resumeJobs(id: string) {
  const rows = await ctx.db.execute<{ count: number }>(sql`select count(*)::int as count
    from pgboss.job where name = ${RESUME_FLOW_JOB} and data ->> 'run_id' = ${id}
      and state < 'completed'`);
  return rows.rows[0]!.count;
}

describe('a flow run', () => {
  it('passes each checkpoint once, however many drive it at once', async () => {
    let calls = 0;
    let writes = 0;
    const definition = flows.define<Counting>({
      kind: `test.once.${randomUUID()}`,
      subjectType: 'test',
      resumeJob: 'when-stopped',
      steps: [
        { name: 'start', kind: 'db', run: async () => {} },
        {
          name: 'call',
          kind: 'call',
          run: async () => {
            calls += 1;
            await new Promise((resolve) => setTimeout(resolve, 20));
            return { calls };
          },
        },
        {
          name: 'write',
          kind: 'db',
          run: async () => {
            writes += 1;
            return { shipped: true };
          },
        },
      ],
    });
    const run = await flows.start(definition, {
      organizationId: null,
      subjectId: randomUUID(),
      data: {},
    });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => flows.drive(run.id)));
    expect(outcomes.map((outcome) => outcome.run.state)).toEqual(Array(5).fill('succeeded'));
    // The outside call may be made by each driver (it is idempotent by its own key); only one
    // checkpoint records it, and the DB step after it runs once.
    expect(writes).toBe(1);
    const row = await runRow(run.id);
    expect(row).toMatchObject({ state: 'succeeded', step: 'write', data: { shipped: true } });
    expect(row.data.calls).toBeGreaterThanOrEqual(1);
    // Driven to its end: no job was ever needed.
    expect(await resumeJobs(run.id)).toBe(0);
  });

  it("writes a step's checkpoint in the step's own statement when it says so, once", async () => {
    let writes = 0;
    /** The step's one statement: the checkpoint, and its write only when it holds it. */
    const checkpointed = async (db: DbOrTx, checkpoint: string) => {
      const { rows } = await db.execute<{ moved: boolean }>(
        sql`select flow_run_checkpoint(${checkpoint}::jsonb) as moved`,
      );
      if (!rows[0]!.moved) throw new FlowRunMoved();
      writes += 1;
    };
    const definition = flows.define<Counting>({
      kind: `test.in-statement.${randomUUID()}`,
      subjectType: 'test',
      resumeJob: 'when-stopped',
      steps: [
        {
          name: 'start',
          kind: 'db',
          checkpoint: 'in-statement',
          run: (tx, _run, checkpoint) => checkpointed(tx, checkpoint),
        },
        {
          name: 'call',
          kind: 'call',
          run: async () => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            return { calls: 1 };
          },
          answerWithNext: true,
        },
        {
          name: 'write',
          kind: 'db',
          checkpoint: 'in-statement',
          run: (db, _run, checkpoint) => checkpointed(db, checkpoint),
        },
      ],
    });
    const run = await flows.start(definition, {
      organizationId: null,
      subjectId: randomUUID(),
      data: {},
    });
    // The first step's statement inserted the run.
    expect(await runRow(run.id)).toMatchObject({ state: 'running', step: 'call', data: {} });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => flows.drive(run.id)));
    expect(outcomes.map((outcome) => outcome.run.state)).toEqual(Array(5).fill('succeeded'));
    // The start's write and one of the last step's: the others found the run moved.
    expect(writes).toBe(2);
    // The call's answer was the last step's to consume: it never reached the row.
    expect(await runRow(run.id)).toMatchObject({ state: 'succeeded', step: 'write', data: {} });
  });

  it("records a call's answer with the next step's writes, and calls again when they fail", async () => {
    let calls = 0;
    let failWrite = true;
    const definition = flows.define<Counting>({
      kind: `test.carried.${randomUUID()}`,
      subjectType: 'test',
      resumeJob: 'when-stopped',
      steps: [
        { name: 'start', kind: 'db', run: async () => {} },
        {
          name: 'call',
          kind: 'call',
          run: async () => {
            calls += 1;
            return { calls };
          },
          answerWithNext: true,
        },
        {
          name: 'write',
          kind: 'db',
          run: async (tx) => {
            await tx.execute(sql`select 1`);
            if (failWrite) throw new Error('the connection dropped');
            return { shipped: true };
          },
        },
      ],
    });
    const subjectId = randomUUID();
    await expect(
      flows.run(definition, { organizationId: null, subjectId, data: {} }),
    ).rejects.toThrow('the connection dropped');
    // The write's transaction rolled back its checkpoint and the call's answer with it: the run
    // is where a crash during the write leaves it, and the failed driver left its resume job.
    const [stopped] = (
      await ctx.db.execute<{ id: string }>(
        sql`select id from flow_runs where subject_id = ${subjectId}`,
      )
    ).rows;
    expect(await runRow(stopped!.id)).toMatchObject({ state: 'running', step: 'call', data: {} });
    expect(await resumeJobs(stopped!.id)).toBe(1);
    failWrite = false;
    ctx.clock.advance(RESUME_FLOW_AFTER_MS);
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect(calls).toBe(2);
    expect(await runRow(stopped!.id)).toMatchObject({
      state: 'succeeded',
      data: { calls: 2, shipped: true },
    });
  });

  it('compensates the steps done, last first, when a step refuses, and keeps why', async () => {
    const undone: string[] = [];
    const definition: FlowDefinition<Counting> = flows.define<Counting>({
      kind: `test.refused.${randomUUID()}`,
      subjectType: 'test',
      steps: [
        {
          name: 'first',
          kind: 'db',
          run: async () => {},
          compensate: async () => {
            undone.push('first');
          },
        },
        {
          name: 'second',
          kind: 'db',
          run: async () => {},
          compensate: async () => {
            undone.push('second');
          },
        },
        {
          name: 'refused',
          kind: 'call',
          run: async () => {
            throw new AppError('INSUFFICIENT_BALANCE', { needed: 100 });
          },
          refusal: (error) => error instanceof AppError,
        },
      ],
    });
    const outcome = await flows.run(definition, {
      organizationId: null,
      subjectId: randomUUID(),
      data: {},
    });
    expect(outcome.refusal).toBeInstanceOf(AppError);
    expect(undone).toEqual(['second', 'first']);
    expect(await runRow(outcome.run.id)).toMatchObject({
      state: 'compensated',
      failed_step: 'refused',
      error: 'INSUFFICIENT_BALANCE {"needed":100}',
    });
  });

  it('is failed at its step with the error once its resume job runs out of retries', async () => {
    const definition = flows.define<Counting>({
      kind: `test.broken.${randomUUID()}`,
      subjectType: 'test',
      resumeJob: 'when-stopped',
      steps: [
        { name: 'start', kind: 'db', run: async () => {} },
        {
          name: 'broken',
          kind: 'call',
          run: async () => {
            throw new Error('the store is down');
          },
        },
      ],
    });
    const run = await flows.start(definition, {
      organizationId: null,
      subjectId: randomUUID(),
      data: {},
    });
    expect(await resumeJobs(run.id)).toBe(0);
    await expect(flows.drive(run.id)).rejects.toThrow('the store is down');
    expect(await runRow(run.id)).toMatchObject({ state: 'running', step: 'broken' });
    // The failed driver left the run its resume job; driving it again and failing adds none.
    expect(await resumeJobs(run.id)).toBe(1);
    await expect(flows.drive(run.id)).rejects.toThrow('the store is down');
    expect(await resumeJobs(run.id)).toBe(1);
    for (let retry = 0; retry <= 12; retry += 1) {
      ctx.clock.advance(RESUME_FLOW_AFTER_MS + 2 * 60 * 60_000);
      await ctx.app.jobs.runDue(ctx.clock.now());
    }
    expect(await runRow(run.id)).toMatchObject({
      state: 'failed',
      failed_step: 'broken',
      error: 'the store is down',
    });
  });

  it('resumes at once the runs of a process that is gone, and only those', async () => {
    const definition = flows.define<Counting>({
      kind: `test.orphan.${randomUUID()}`,
      subjectType: 'test',
      steps: [
        { name: 'start', kind: 'db', run: async () => {} },
        { name: 'finish', kind: 'db', run: async () => ({ shipped: true }) },
      ],
    });
    const started = await Promise.all(
      [0, 1].map(() =>
        flows.start(definition, { organizationId: null, subjectId: randomUUID(), data: {} }),
      ),
    );
    // Started with their resume job (the default), due after RESUME_FLOW_AFTER_MS.
    expect(await resumeJobs(started[0]!.id)).toBe(1);
    // The first was driven by a process whose instance lock nobody holds: it is gone. The
    // second by one alive, holding its lock on a connection of its own.
    const [gone, alive] = [randomUUID(), randomUUID()];
    const live = await ctx.db.$client.connect();
    await live.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [`instance:${alive}`]);
    await ctx.db.execute(sql`update flow_runs set instance = ${gone} where id = ${started[0]!.id}`);
    await ctx.db.execute(
      sql`update flow_runs set instance = ${alive} where id = ${started[1]!.id}`,
    );
    expect(await flows.resumeOrphaned(ctx.clock.now())).toBe(1);
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect(await runRow(started[0]!.id)).toMatchObject({ state: 'succeeded' });
    expect(await runRow(started[1]!.id)).toMatchObject({ state: 'running', step: 'finish' });
    live.release(true);
  });

  it('is given a job when it stops moving in a live process, and only once', async () => {
    const definition = flows.define<Counting>({
      kind: `test.stopped.${randomUUID()}`,
      subjectType: 'test',
      resumeJob: 'when-stopped',
      steps: [
        { name: 'start', kind: 'db', run: async () => {} },
        { name: 'finish', kind: 'db', run: async () => ({ shipped: true }) },
      ],
    });
    // Its driver died without leaving a job (the database was down when it failed), in a
    // process that lives on.
    const run = await flows.start(definition, {
      organizationId: null,
      subjectId: randomUUID(),
      data: {},
    });
    const alive = randomUUID();
    const live = await ctx.db.$client.connect();
    await live.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [`instance:${alive}`]);
    await ctx.db.execute(sql`update flow_runs set instance = ${alive} where id = ${run.id}`);
    await flows.resumeOrphaned(ctx.clock.now());
    expect(await resumeJobs(run.id)).toBe(0);
    ctx.clock.advance(RESUME_FLOW_AFTER_MS);
    await flows.resumeOrphaned(ctx.clock.now());
    await flows.resumeOrphaned(ctx.clock.now());
    expect(await resumeJobs(run.id)).toBe(1);
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect(await runRow(run.id)).toMatchObject({ state: 'succeeded', data: { shipped: true } });
    live.release(true);
  });

  it('is forgotten 30 days after it finished, unless it failed or is under way', async () => {
    const kind = `test.pruned.${randomUUID()}`;
    const definition = flows.define<Counting>({
      kind,
      subjectType: 'test',
      steps: [
        { name: 'start', kind: 'db', run: async () => {} },
        { name: 'call', kind: 'call', run: async () => ({}) },
      ],
    });
    const start = () =>
      flows.run(definition, { organizationId: null, subjectId: randomUUID(), data: {} });
    const done = await start();
    const failed = (await start()).run.id;
    await ctx.db.execute(sql`update flow_runs set state = 'failed' where id = ${failed}`);
    const running = (await start()).run.id;
    await ctx.db.execute(
      sql`update flow_runs set state = 'running', finished_at = null where id = ${running}`,
    );
    const prune = pruneFlowRuns(ctx.clock);
    const left = async () =>
      (
        await ctx.db.execute<{ id: string }>(
          sql`select id from flow_runs where kind = ${kind} order by id`,
        )
      ).rows.map((row) => row.id);
    await prune(ctx.db, {}, {} as never);
    expect(await left()).toHaveLength(3);
    ctx.clock.advance((FLOW_RUNS_KEPT_DAYS + 1) * 86_400_000);
    await prune(ctx.db, {}, {} as never);
    expect(await left()).toEqual([failed, running].sort());
    expect(done.run.state).toBe('succeeded');
  });
});

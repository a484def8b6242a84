import { FLOW_ACTIVE_STATES, type FlowState } from '@despacho/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { isUniqueViolation } from './db-errors';
import { AppError } from './errors';
import { flowRuns, type FlowRunRow } from './flows.tables';
import { orphansAmong, type ProcessInstance } from './instance';
import type { JobHandler, JobKindOptions, Jobs } from './jobs';
import { jobs } from './jobs.store';

/** Drives a run left unfinished (its process died, or a step failed and must be retried). */
export const RESUME_FLOW_JOB = 'flows.resume';
/**
 * How long a run may go without a checkpoint before a resume job drives it, unless the process
 * driving it is known to be gone (`resumeOrphaned`): longer than a step's outside call takes.
 * Also the wait of the resume job a failed driver leaves.
 */
export const RESUME_FLOW_AFTER_MS = 5 * 60_000;

/** The partial unique index by which one run of a kind owns its subject (flows.tables.ts). */
const ACTIVE_SUBJECT_INDEX = 'flow_runs_active_subject';

const resumePayloadSchema = z.object({ run_id: z.uuid() });
type ResumePayload = z.infer<typeof resumePayloadSchema>;

export type FlowData = Record<string, unknown>;

/** A run as its steps see it: `data` is the input and what earlier steps recorded. */
export interface FlowRun<D extends FlowData> {
  id: string;
  kind: string;
  organizationId: string | null;
  subjectId: string;
  state: FlowState;
  step: string;
  failedStep: string | null;
  error: string | null;
  data: D;
}

/** What a step records for the ones after it (merged into the run's data), or nothing. */
type Recorded<D> = Partial<D> | void;

interface StepBase<D extends FlowData> {
  name: string;
  /**
   * Undoes what the step did, in the one transaction that records the run compensated: a DB
   * change only. An undo that needs an outside call (cancelling a guide) enqueues its job here.
   */
  compensate?: (tx: DbOrTx, run: FlowRun<D>) => Promise<void>;
  /**
   * Whether an error the step threw refuses the flow for good: the run is then compensated.
   * Any other error leaves the run at this step, for the resume job to try again.
   */
  refusal?: (error: unknown) => boolean;
}

/** A step that writes to the database: its writes and the run's checkpoint commit together. */
export interface DbStep<D extends FlowData> extends StepBase<D> {
  kind: 'db';
  /**
   * `checkpoint` is the run's checkpoint as JSON, for a step that writes it itself
   * (`checkpoint: 'in-statement'`); other steps ignore it.
   */
  run: (tx: DbOrTx, run: FlowRun<D>, checkpoint: string) => Promise<Recorded<D>>;
  /**
   * The step writes the run's checkpoint itself, in its own SQL, by calling the platform's
   * `flow_run_checkpoint(checkpoint)` (platform/flows.functions.sql) and writing nothing when it
   * answers false, which the step then reports by throwing FlowRunMoved. Saves the layer's own
   * statements: a first step's insert of the run, or a later step's transaction (begin, the
   * compare-and-set, commit) around a step that is one statement. The step runs with no
   * transaction of the layer's: one that sends several statements opens its own (the purchase's
   * start); a first step's flow says `resumeJob: 'when-stopped'`. Such a step records nothing,
   * and its checkpoint keeps the run's data as saved: what a call answered for it
   * (`answerWithNext`) is consumed, never written.
   */
  checkpoint?: 'in-statement';
}

/** Thrown by an `in-statement` step whose `flow_run_checkpoint` answered false: another driver moved the run first. */
export class FlowRunMoved extends Error {
  constructor() {
    super('another driver moved the flow run');
  }
}

/**
 * A step that calls outside (a carrier, a store, the PAC): it runs with no transaction open
 * and no lock held, and must be idempotent by a key of its own, since a crash before its
 * checkpoint makes the resume job call again.
 */
export interface CallStep<D extends FlowData> extends StepBase<D> {
  kind: 'call';
  run: (run: FlowRun<D>) => Promise<Recorded<D>>;
  /**
   * Record the answer with the next DB step's transaction instead of a checkpoint of its own
   * (one statement less): for a call that is cheap and harmless to make again, since a crash
   * before that transaction commits makes the resume call again. Not for one whose answer must
   * not be asked for twice (a carrier's label).
   */
  answerWithNext?: boolean;
}

export type FlowStep<D extends FlowData> = DbStep<D> | CallStep<D>;

export interface FlowDefinition<D extends FlowData> {
  kind: string;
  subjectType: string;
  /**
   * The first runs in the transaction that creates the run (or, `in-statement`, creates it in
   * its own): it may refuse, and nothing is kept.
   */
  steps: readonly [DbStep<D>, ...FlowStep<D>[]];
  /**
   * The error a start answers when another run of this kind owns the subject (the run's unique
   * index refused it, so the first step need not read `activeRun` itself). Without it, the
   * database's error is thrown.
   */
  busy?: () => unknown;
  /**
   * When the run gets its resume job: `at-start` (the default), enqueued with the run, due
   * after RESUME_FLOW_AFTER_MS; `when-stopped`, only when nobody drives it (its driver failed,
   * or the sweep finds its process gone or it unmoved for RESUME_FLOW_AFTER_MS): for flows
   * their request drives to the end, which then never write or run a job.
   */
  resumeJob?: 'at-start' | 'when-stopped';
}

/** How a drive ended: the run as it stands, and the refusal it met, if this drive met one. */
export interface FlowOutcome<D extends FlowData> {
  run: FlowRun<D>;
  refusal?: unknown;
}

export interface FlowsDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<Jobs, 'enqueue' | 'enqueueMany' | 'expedite'>;
  instance?: Pick<ProcessInstance, 'id'> | undefined;
  /**
   * Called at each step boundary: right after a checkpoint commits, and right after a call step
   * answers (its result held for the next checkpoint). Tests: a throw there is a process dying
   * between two steps, since the run's row is left exactly as a crash leaves it.
   */
  afterCheckpoint?: ((run: FlowRun<FlowData>) => Promise<void>) | undefined;
}

/** An `in-statement` step keeps the run's data as saved: it may record nothing. */
function recordsNothing<D extends FlowData>(step: DbStep<D>, recorded: Recorded<D>): void {
  if (recorded && Object.keys(recorded).length > 0) {
    throw new Error(`step ${step.name} writes its checkpoint in-statement and may record nothing`);
  }
}

const isFinal = (state: FlowState) => !(FLOW_ACTIVE_STATES as readonly FlowState[]).includes(state);

/** What staff read of a refusal or a failure: the error's code and parameters, or its message. */
export function errorText(error: unknown): string {
  if (error instanceof AppError) {
    return Object.keys(error.params).length
      ? `${error.code} ${JSON.stringify(error.params)}`.slice(0, 1000)
      : error.code;
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

const runOf = <D extends FlowData>(row: FlowRunRow): FlowRun<D> => ({
  id: row.id,
  kind: row.kind,
  organizationId: row.organizationId,
  subjectId: row.subjectId,
  state: row.state,
  step: row.step,
  failedStep: row.failedStep,
  error: row.error,
  data: row.data as D,
});

/**
 * A run as its driver holds it: `run` is where the driver stands (its step the next to run,
 * its data with what call steps answered since), `saved` the step its row is at. They differ
 * after a call step, whose result waits for the next checkpoint.
 */
interface Held<D extends FlowData> {
  run: FlowRun<D>;
  /** The step the row is saved at (a call answered with the next step is ahead of it). */
  saved: string;
  /** The data the row holds, as JSON: a checkpoint writes data only when it differs. */
  savedData: string;
}

const held = <D extends FlowData>(run: FlowRun<D>): Held<D> => ({
  run,
  saved: run.step,
  savedData: JSON.stringify(run.data),
});

/**
 * Flows (decision 028): work across domains as named steps, its progress in `flow_runs`. A run
 * is created with its first step in one transaction (with its resume job, unless the flow says
 * `when-stopped`); the caller then drives it step by step, holding it in memory. Each
 * checkpoint is one update that moves the row on only from the step the driver last saw
 * (compare-and-set, so two drivers never both pass it): a DB step's writes commit with it, and
 * a call step's answer is recorded by its own, or with the next DB step's (`answerWithNext`).
 * An outside call runs between transactions. A refusal compensates the steps done, in reverse,
 * in one transaction. A crash leaves the run at its last checkpoint; a driver that fails leaves
 * a resume job, and the sweep gives one to a run whose process is gone or that has not moved
 * for RESUME_FLOW_AFTER_MS: the job drives it on, never a person.
 */
export class Flows {
  private readonly definitions = new Map<string, FlowDefinition<FlowData>>();

  constructor(private readonly deps: FlowsDeps) {}

  /** Declares a kind of flow; once per kind, where its domain builds its service. */
  define<D extends FlowData>(definition: FlowDefinition<D>): FlowDefinition<D> {
    if (this.definitions.has(definition.kind)) {
      throw new Error(`A flow of kind ${definition.kind} already exists`);
    }
    // Its resume job would be enqueued beside the run's insert, which the step writes itself.
    if (
      definition.steps[0].checkpoint === 'in-statement' &&
      definition.resumeJob !== 'when-stopped'
    ) {
      throw new Error(`A flow whose first step inserts its run must say resumeJob: 'when-stopped'`);
    }
    this.definitions.set(definition.kind, definition as unknown as FlowDefinition<FlowData>);
    return definition;
  }

  /**
   * Creates a run and runs its first step in one transaction; an error of the first step (a
   * refusal) leaves nothing. Answers the run, its next step to drive.
   */
  async start<D extends FlowData>(
    definition: FlowDefinition<D>,
    input: { organizationId: string | null; subjectId: string; data: D },
  ): Promise<FlowRun<D>> {
    const run = await this.create(definition, input);
    await this.guarded(run, () => this.boundary(run));
    return run;
  }

  /**
   * Runs the steps left until the run is over: succeeded, or compensated after a refusal
   * (answered with it). An error that is no refusal is thrown and leaves the run where it is,
   * with a resume job to drive it on. Safe beside another driver of the same run.
   */
  async drive<D extends FlowData>(id: string): Promise<FlowOutcome<D>> {
    const run = await this.find<D>(this.deps.db, id);
    if (!run) throw new Error(`no flow run ${id}`);
    return this.guarded(run, () => this.advance(held(run)));
  }

  /** Starts a run and drives it to its end (the request's path), never reading it back. */
  async run<D extends FlowData>(
    definition: FlowDefinition<D>,
    input: { organizationId: string | null; subjectId: string; data: D },
  ): Promise<FlowOutcome<D>> {
    const run = await this.create(definition, input);
    return this.guarded(run, async () => {
      await this.boundary(run);
      return this.advance(held(run));
    });
  }

  /** The run of `kind` that owns the subject now, if any: read it under the subject's own lock. */
  async activeRun<D extends FlowData>(
    db: DbOrTx,
    kind: string,
    subjectId: string,
  ): Promise<FlowRun<D> | undefined> {
    const [row] = await db
      .select()
      .from(flowRuns)
      .where(
        and(
          eq(flowRuns.kind, kind),
          eq(flowRuns.subjectId, subjectId),
          inArray(flowRuns.state, [...FLOW_ACTIVE_STATES]),
        ),
      );
    return row && runOf<D>(row);
  }

  /** `flows.resume`: drives the run on; a step that fails again fails the job, retried later. */
  readonly resumeJob: JobHandler<ResumePayload> = async (_db, payload) => {
    const run = await this.find(this.deps.db, payload.run_id);
    if (run) await this.advance(held(run));
  };

  /** The resume job's kind: no transaction around it, since steps call outside. */
  readonly resumeJobOptions: JobKindOptions<ResumePayload> = {
    payload: resumePayloadSchema,
    transaction: false,
    retryLimit: 12,
    retryDelaySeconds: 30,
    // Out of retries: the run is failed where it stopped, for staff (GET staff/flows).
    onDeadLetter: async (tx, payload, error) => {
      const now = this.deps.clock.now();
      await tx
        .update(flowRuns)
        .set({
          state: 'failed',
          failedStep: sql`${flowRuns.step}`,
          error: error.slice(0, 1000),
          updatedAt: now,
          finishedAt: now,
        })
        .where(
          and(eq(flowRuns.id, payload.run_id), inArray(flowRuns.state, [...FLOW_ACTIVE_STATES])),
        );
    },
  };

  /**
   * Gives a resume job to the runs nobody drives: those whose process is gone (killed, crashed;
   * their waiting job is brought forward to now), and those with no checkpoint for
   * RESUME_FLOW_AFTER_MS (a driver that died in a live process, or whose failure could not
   * leave its job, the database being down). A run whose job waits or runs keeps it, with its
   * backoff. Answers how many were brought forward or given a job.
   */
  readonly resumeOrphaned = (now: Date): Promise<number> =>
    this.deps.db.transaction(async (tx) => {
      const mine = this.deps.instance?.id ?? null;
      const underWay = await tx
        .select({ id: flowRuns.id, instance: flowRuns.instance, updatedAt: flowRuns.updatedAt })
        .from(flowRuns)
        .where(inArray(flowRuns.state, [...FLOW_ACTIVE_STATES]));
      const orphans = await orphansAmong(
        tx,
        underWay.flatMap(({ id, instance }) =>
          instance && instance !== mine ? [{ id, instance }] : [],
        ),
      );
      const staleBefore = now.getTime() - RESUME_FLOW_AFTER_MS;
      const stale = underWay.filter((row) => row.updatedAt.getTime() <= staleBefore);
      const due = [...new Set([...orphans, ...stale.map((row) => row.id)])];
      const queued = await this.queued(tx, due);
      const expedited = await this.deps.jobs.expedite(
        tx,
        RESUME_FLOW_JOB,
        'run_id',
        orphans.filter((id) => queued.has(id)),
        now,
      );
      const given = await this.deps.jobs.enqueueMany(
        tx,
        due
          .filter((id) => !queued.has(id))
          .map((id) => ({ kind: RESUME_FLOW_JOB, payload: { run_id: id }, runAt: now })),
      );
      return expedited + given.length;
    });

  private definitionOf<D extends FlowData>(kind: string): FlowDefinition<D> {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`no flow of kind ${kind}`);
    return definition as unknown as FlowDefinition<D>;
  }

  private async find<D extends FlowData>(db: DbOrTx, id: string): Promise<FlowRun<D> | undefined> {
    const [row] = await db.select().from(flowRuns).where(eq(flowRuns.id, id));
    return row && runOf<D>(row);
  }

  /** Of the given runs, those with a resume job waiting or running. */
  private async queued(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: sql<string>`${jobs.payload} ->> 'run_id'` })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, RESUME_FLOW_JOB),
          lt(jobs.state, 'completed'),
          sql`${jobs.payload} ->> 'run_id' = any(${sql.param([...ids])}::text[])`,
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  /** The run's row with its first step, in one transaction; nothing when the step refuses. */
  private async create<D extends FlowData>(
    definition: FlowDefinition<D>,
    input: { organizationId: string | null; subjectId: string; data: D },
  ): Promise<FlowRun<D>> {
    const [first, next] = definition.steps;
    const now = this.deps.clock.now();
    const run: FlowRun<D> = {
      id: randomUUID(),
      kind: definition.kind,
      organizationId: input.organizationId,
      subjectId: input.subjectId,
      state: next ? 'running' : 'succeeded',
      step: next?.name ?? first.name,
      failedStep: null,
      error: null,
      data: input.data,
    };
    const instance = this.deps.instance?.id ?? null;
    try {
      if (first.checkpoint === 'in-statement') {
        // The step inserts the run itself, in a transaction of its own if it needs one.
        const checkpoint = JSON.stringify({
          insert: true,
          id: run.id,
          kind: run.kind,
          organization_id: run.organizationId,
          subject_type: definition.subjectType,
          subject_id: run.subjectId,
          state: run.state,
          step: run.step,
          data: run.data,
          instance,
          at: now,
        });
        recordsNothing(
          first,
          await first.run(this.deps.db, { ...run, step: first.name }, checkpoint),
        );
        return run;
      }
      return await this.deps.db.transaction(async (tx) => {
        run.data = { ...input.data, ...(await first.run(tx, { ...run, step: first.name }, '')) };
        await tx.insert(flowRuns).values({
          id: run.id,
          kind: run.kind,
          organizationId: run.organizationId,
          subjectType: definition.subjectType,
          subjectId: run.subjectId,
          state: run.state,
          step: run.step,
          data: run.data,
          instance,
          createdAt: now,
          updatedAt: now,
          finishedAt: next ? null : now,
        });
        if (next && definition.resumeJob !== 'when-stopped') {
          const payload: ResumePayload = { run_id: run.id };
          await this.deps.jobs.enqueue(
            tx,
            RESUME_FLOW_JOB,
            payload,
            new Date(now.getTime() + RESUME_FLOW_AFTER_MS),
          );
        }
        return run;
      });
    } catch (error) {
      if (definition.busy && isUniqueViolation(error, ACTIVE_SUBJECT_INDEX)) {
        throw definition.busy();
      }
      throw error;
    }
  }

  /**
   * `work` driving `run`; when it fails with the run unfinished, the run gets its resume job
   * (unless one waits already). A job that cannot be enqueued (the database down) is left to
   * the sweep: the run stops moving, and a stale run gets one.
   */
  private async guarded<T>(run: FlowRun<FlowData>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isFinal(run.state)) {
        await this.enqueueResume(run.id).catch(() => {});
      }
      throw error;
    }
  }

  private async enqueueResume(id: string): Promise<void> {
    const now = this.deps.clock.now();
    if ((await this.queued(this.deps.db, [id])).size > 0) return;
    const payload: ResumePayload = { run_id: id };
    await this.deps.jobs.enqueue(
      this.deps.db,
      RESUME_FLOW_JOB,
      payload,
      new Date(now.getTime() + RESUME_FLOW_AFTER_MS),
    );
  }

  private async boundary<D extends FlowData>(run: FlowRun<D>): Promise<void> {
    await this.deps.afterCheckpoint?.(run as FlowRun<FlowData>);
  }

  /** The driving loop, from where the driver holds the run. */
  private async advance<D extends FlowData>(start: Held<D>): Promise<FlowOutcome<D>> {
    let refusal: unknown;
    let current: Held<D> | undefined = start;
    const id = start.run.id;
    for (;;) {
      if (!current) throw new Error(`no flow run ${id}`);
      const { run } = current;
      if (isFinal(run.state)) return refusal === undefined ? { run } : { run, refusal };
      let moved: Held<D> | undefined;
      if (run.state === 'compensating') {
        moved = await this.compensate(run);
      } else {
        const steps = this.definitionOf<D>(run.kind).steps;
        const index = steps.findIndex((step) => step.name === run.step);
        const step = steps[index]!;
        const next = steps[index + 1];
        try {
          if (step.kind === 'call') {
            const answered = { ...run, data: { ...run.data, ...(await step.run(run)) } };
            if (next && step.answerWithNext) {
              moved = { ...current, run: { ...answered, step: next.name } };
              await this.boundary(moved.run);
            } else {
              moved = await this.checkpoint({ ...current, run: answered }, index);
            }
          } else if (step.checkpoint === 'in-statement') {
            moved = await this.passInStatement(current, index, step);
          } else {
            moved = await this.checkpoint(current, index, step.run);
          }
        } catch (error) {
          if (!step.refusal?.(error)) throw error;
          refusal = error;
          moved = await this.refuse(current, error);
        }
      }
      // Another driver moved the run meanwhile: read where it stands now.
      if (!moved) {
        const found = await this.find<D>(this.deps.db, id);
        moved = found && held(found);
      }
      current = moved;
    }
  }

  /**
   * Passes step `index` (the one `held.run` is at) in one transaction: first the compare-and-set
   * that moves the row on from the step it was saved at, with the data the driver holds when it
   * differs from the row's (what call steps answered since rides along), then the step's work
   * (`work`, a DB step) and what it records, written only when it records something. When
   * another driver moved the row meanwhile, nothing is written and the caller reads it again.
   */
  private async checkpoint<D extends FlowData>(
    { run, saved, savedData }: Held<D>,
    index: number,
    work?: DbStep<D>['run'],
  ): Promise<Held<D> | undefined> {
    const position = this.positionAfter(run, index);
    const casWhere = and(
      eq(flowRuns.id, run.id),
      eq(flowRuns.state, 'running'),
      eq(flowRuns.step, saved),
    );
    const heldJson = JSON.stringify(run.data);
    const advanced = await (work
      ? this.deps.db.transaction(async (tx) => {
          const [row] = await tx
            .update(flowRuns)
            .set(heldJson === savedData ? position : { ...position, data: run.data })
            .where(casWhere)
            .returning({ id: flowRuns.id });
          if (!row) return undefined;
          const recorded = await work(tx, run, '');
          if (!recorded || Object.keys(recorded).length === 0) {
            return { data: run.data, json: heldJson };
          }
          const data = { ...run.data, ...recorded };
          const json = JSON.stringify(data);
          if (json !== heldJson) {
            await tx.update(flowRuns).set({ data }).where(eq(flowRuns.id, run.id));
          }
          return { data, json };
        })
      : this.deps.db
          .update(flowRuns)
          .set({ ...position, data: run.data })
          .where(casWhere)
          .returning({ id: flowRuns.id })
          .then(([row]) => row && { data: run.data, json: heldJson }));
    if (!advanced) return undefined;
    const result: Held<D> = {
      run: { ...run, state: position.state, step: position.step, data: advanced.data },
      saved: position.step,
      savedData: advanced.json,
    };
    await this.boundary(result.run);
    return result;
  }

  /**
   * Passes step `index`, a DB step that writes its checkpoint in its own statement
   * (`in-statement`): no transaction here; the run's data stays as saved.
   */
  private async passInStatement<D extends FlowData>(
    { run, saved, savedData }: Held<D>,
    index: number,
    step: DbStep<D>,
  ): Promise<Held<D> | undefined> {
    const position = this.positionAfter(run, index);
    const checkpoint = JSON.stringify({
      id: run.id,
      saved,
      state: position.state,
      step: position.step,
      at: position.updatedAt,
    });
    try {
      recordsNothing(step, await step.run(this.deps.db, run, checkpoint));
    } catch (error) {
      if (error instanceof FlowRunMoved) return undefined;
      throw error;
    }
    const result: Held<D> = {
      run: {
        ...run,
        state: position.state,
        step: position.step,
        data: JSON.parse(savedData) as D,
      },
      saved: position.step,
      savedData,
    };
    await this.boundary(result.run);
    return result;
  }

  /** Where the run stands once step `index` is passed: the next step, or succeeded. */
  private positionAfter<D extends FlowData>(run: FlowRun<D>, index: number) {
    const next = this.definitionOf<D>(run.kind).steps[index + 1];
    const now = this.deps.clock.now();
    return {
      state: next ? ('running' as const) : ('succeeded' as const),
      step: next?.name ?? run.step,
      updatedAt: now,
      finishedAt: next ? null : now,
    };
  }

  /** A refusal: the run is `compensating`, with the step and why, then compensated. */
  private async refuse<D extends FlowData>(
    { run, saved }: Held<D>,
    error: unknown,
  ): Promise<Held<D> | undefined> {
    const [row] = await this.deps.db
      .update(flowRuns)
      .set({
        state: 'compensating',
        failedStep: run.step,
        error: errorText(error),
        data: run.data,
        updatedAt: this.deps.clock.now(),
      })
      .where(and(eq(flowRuns.id, run.id), eq(flowRuns.state, 'running'), eq(flowRuns.step, saved)))
      .returning();
    if (!row) return undefined;
    const refused = held(runOf<D>(row));
    await this.boundary(refused.run);
    return refused;
  }

  /** Undoes the steps before the refused one, last first, and records the run compensated. */
  private async compensate<D extends FlowData>(run: FlowRun<D>): Promise<Held<D> | undefined> {
    const steps = this.definitionOf<D>(run.kind).steps;
    const refused = steps.findIndex((step) => step.name === run.failedStep);
    const compensated = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const [row] = await tx
        .update(flowRuns)
        .set({ state: 'compensated', updatedAt: now, finishedAt: now })
        .where(and(eq(flowRuns.id, run.id), eq(flowRuns.state, 'compensating')))
        .returning();
      if (!row) return undefined;
      const done = runOf<D>(row);
      for (const step of steps.slice(0, refused).reverse()) {
        await step.compensate?.(tx, { ...done, state: 'compensating' });
      }
      return done;
    });
    if (!compensated) return undefined;
    await this.boundary(compensated);
    return held(compensated);
  }
}

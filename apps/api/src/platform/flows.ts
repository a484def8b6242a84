import { FLOW_ACTIVE_STATES, type FlowState } from '@despacho/domain';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { AppError } from './errors';
import { flowRuns, type FlowRunRow } from './flows.tables';
import { orphansAmong, type ProcessInstance } from './instance';
import type { JobHandler, JobKindOptions, Jobs } from './jobs';

/** Drives a run left unfinished (its process died, or a step failed and must be retried). */
export const RESUME_FLOW_JOB = 'flows.resume';
/**
 * How long the resume job waits before it looks at a run, unless the process driving it is
 * known to be gone (`resumeOrphaned`): longer than a step's outside call takes.
 */
export const RESUME_FLOW_AFTER_MS = 5 * 60_000;

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
  run: (tx: DbOrTx, run: FlowRun<D>) => Promise<Recorded<D>>;
}

/**
 * A step that calls outside (a carrier, a store, the PAC): it runs with no transaction open
 * and no lock held, and must be idempotent by a key of its own, since a crash before its
 * checkpoint makes the resume job call again.
 */
export interface CallStep<D extends FlowData> extends StepBase<D> {
  kind: 'call';
  run: (run: FlowRun<D>) => Promise<Recorded<D>>;
}

export type FlowStep<D extends FlowData> = DbStep<D> | CallStep<D>;

export interface FlowDefinition<D extends FlowData> {
  kind: string;
  subjectType: string;
  /** The first runs in the transaction that creates the run: it may refuse, and nothing is kept. */
  steps: readonly [DbStep<D>, ...FlowStep<D>[]];
}

/** How a drive ended: the run as it stands, and the refusal it met, if this drive met one. */
export interface FlowOutcome<D extends FlowData> {
  run: FlowRun<D>;
  refusal?: unknown;
}

export interface FlowsDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<Jobs, 'enqueue' | 'expedite'>;
  instance?: Pick<ProcessInstance, 'id'> | undefined;
  /**
   * Called right after each checkpoint commits (tests: a throw there is a process dying between
   * two steps, since the run is left exactly as a crash leaves it).
   */
  afterCheckpoint?: ((run: FlowRun<FlowData>) => Promise<void>) | undefined;
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
 * Flows (decision 028): work across domains as named steps, its progress in `flow_runs`. A run
 * is created with its first step and a delayed resume job in one transaction; the caller then
 * drives it step by step. Each step commits its checkpoint (compare-and-set on the step under
 * the run's row lock, so two drivers never both advance it); an outside call runs between
 * transactions. A refusal compensates the steps done, in reverse, in one transaction. A crash
 * leaves the run at its last checkpoint: the resume job (brought forward once the driving
 * process is gone) drives it on, never a person.
 */
export class Flows {
  private readonly definitions = new Map<string, FlowDefinition<FlowData>>();

  constructor(private readonly deps: FlowsDeps) {}

  /** Declares a kind of flow; once per kind, where its domain builds its service. */
  define<D extends FlowData>(definition: FlowDefinition<D>): FlowDefinition<D> {
    if (this.definitions.has(definition.kind)) {
      throw new Error(`A flow of kind ${definition.kind} already exists`);
    }
    this.definitions.set(definition.kind, definition as unknown as FlowDefinition<FlowData>);
    return definition;
  }

  /**
   * Creates a run and runs its first step in one transaction, with the resume job; an error of
   * the first step (a refusal) leaves nothing. Answers the run, its next step to drive.
   */
  async start<D extends FlowData>(
    definition: FlowDefinition<D>,
    input: { organizationId: string | null; subjectId: string; data: D },
  ): Promise<FlowRun<D>> {
    const [first, next] = definition.steps;
    const run = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const draft: FlowRun<D> = {
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
      const data = { ...input.data, ...(await first.run(tx, draft)) };
      const [row] = await tx
        .insert(flowRuns)
        .values({
          id: draft.id,
          kind: draft.kind,
          organizationId: draft.organizationId,
          subjectType: definition.subjectType,
          subjectId: draft.subjectId,
          state: draft.state,
          step: draft.step,
          data,
          instance: this.deps.instance?.id ?? null,
          createdAt: now,
          updatedAt: now,
          finishedAt: next ? null : now,
        })
        .returning();
      if (next) {
        const payload: ResumePayload = { run_id: draft.id };
        await this.deps.jobs.enqueue(
          tx,
          RESUME_FLOW_JOB,
          payload,
          new Date(now.getTime() + RESUME_FLOW_AFTER_MS),
        );
      }
      return runOf<D>(row!);
    });
    await this.deps.afterCheckpoint?.(run);
    return run;
  }

  /**
   * Runs the steps left until the run is over: succeeded, or compensated after a refusal
   * (answered with it). An error that is no refusal is thrown and leaves the run where it is,
   * for the resume job. Safe beside another driver of the same run.
   */
  async drive<D extends FlowData>(id: string): Promise<FlowOutcome<D>> {
    let refusal: unknown;
    let run = await this.find<D>(this.deps.db, id);
    for (;;) {
      if (!run) throw new Error(`no flow run ${id}`);
      if (isFinal(run.state)) return refusal === undefined ? { run } : { run, refusal };
      const current: FlowRun<D> = run;
      let moved: FlowRun<D> | undefined;
      if (current.state === 'compensating') {
        moved = await this.compensate(current);
      } else {
        const steps = this.definitionOf<D>(current.kind).steps;
        const index = steps.findIndex((step) => step.name === current.step);
        const step = steps[index]!;
        try {
          if (step.kind === 'call') {
            const recorded = await step.run(current);
            moved = await this.checkpoint(current, index, async () => recorded);
          } else {
            moved = await this.checkpoint(current, index, (tx, locked) => step.run(tx, locked));
          }
        } catch (error) {
          if (!step.refusal?.(error)) throw error;
          refusal = error;
          moved = await this.refuse(current, error);
        }
      }
      // Another driver moved the run meanwhile: read where it stands now.
      run = moved ?? (await this.find<D>(this.deps.db, id));
    }
  }

  /** Starts a run and drives it to its end (the request's path). */
  async run<D extends FlowData>(
    definition: FlowDefinition<D>,
    input: { organizationId: string | null; subjectId: string; data: D },
  ): Promise<FlowOutcome<D>> {
    const run = await this.start(definition, input);
    return isFinal(run.state) ? { run } : this.drive<D>(run.id);
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
    await this.drive(payload.run_id);
  };

  /** The resume job's kind: no transaction around it, since steps call outside. */
  readonly resumeJobOptions: JobKindOptions<ResumePayload> = {
    payload: resumePayloadSchema,
    transaction: false,
    retryLimit: 12,
    retryDelaySeconds: 30,
    // Out of retries: the run is failed where it stopped, for staff (GET staff/flows).
    onDeadLetter: async (tx, payload, error) => {
      const [row] = await tx
        .select()
        .from(flowRuns)
        .where(eq(flowRuns.id, payload.run_id))
        .for('update');
      if (!row || isFinal(row.state)) return;
      const now = this.deps.clock.now();
      await tx
        .update(flowRuns)
        .set({
          state: 'failed',
          failedStep: row.step,
          error: error.slice(0, 1000),
          updatedAt: now,
          finishedAt: now,
        })
        .where(eq(flowRuns.id, row.id));
    },
  };

  /**
   * Runs whose process is gone (killed, crashed): nobody is driving them, so their resume jobs
   * run now instead of after RESUME_FLOW_AFTER_MS. Answers how many were brought forward.
   */
  readonly resumeOrphaned = (now: Date): Promise<number> =>
    this.deps.db.transaction(async (tx) => {
      const mine = this.deps.instance?.id ?? null;
      const underWay = await tx
        .select({ id: flowRuns.id, instance: flowRuns.instance })
        .from(flowRuns)
        .where(
          and(
            inArray(flowRuns.state, [...FLOW_ACTIVE_STATES]),
            isNotNull(flowRuns.instance),
            mine ? ne(flowRuns.instance, mine) : undefined,
          ),
        );
      const orphans = await orphansAmong(
        tx,
        underWay.map((row) => ({ id: row.id, instance: row.instance! })),
      );
      return this.deps.jobs.expedite(tx, RESUME_FLOW_JOB, 'run_id', orphans, now);
    });

  private definitionOf<D extends FlowData>(kind: string): FlowDefinition<D> {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`no flow of kind ${kind}`);
    return definition as unknown as FlowDefinition<D>;
  }

  private async find<D extends FlowData>(
    db: DbOrTx,
    id: string,
    lock = false,
  ): Promise<FlowRun<D> | undefined> {
    const query = db.select().from(flowRuns).where(eq(flowRuns.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row && runOf<D>(row);
  }

  /**
   * Step `index` of `run` in one transaction with its checkpoint, under the run's row lock: when
   * another driver moved the run meanwhile, nothing is written and the loop reads it again.
   */
  private async checkpoint<D extends FlowData>(
    run: FlowRun<D>,
    index: number,
    work: (tx: DbOrTx, locked: FlowRun<D>) => Promise<Recorded<D>>,
  ): Promise<FlowRun<D> | undefined> {
    const steps = this.definitionOf<D>(run.kind).steps;
    const advanced = await this.deps.db.transaction(async (tx) => {
      const locked = await this.find<D>(tx, run.id, true);
      if (!locked || locked.state !== 'running' || locked.step !== run.step) return undefined;
      const data = { ...locked.data, ...(await work(tx, locked)) };
      const next = steps[index + 1];
      const now = this.deps.clock.now();
      const [row] = await tx
        .update(flowRuns)
        .set({
          state: next ? 'running' : 'succeeded',
          step: next?.name ?? locked.step,
          data,
          updatedAt: now,
          finishedAt: next ? null : now,
        })
        .where(eq(flowRuns.id, run.id))
        .returning();
      return runOf<D>(row!);
    });
    if (advanced) await this.deps.afterCheckpoint?.(advanced);
    return advanced;
  }

  /** A refusal: the run is `compensating`, with the step and why, then compensated. */
  private async refuse<D extends FlowData>(
    run: FlowRun<D>,
    error: unknown,
  ): Promise<FlowRun<D> | undefined> {
    const refused = await this.deps.db.transaction(async (tx) => {
      const locked = await this.find<D>(tx, run.id, true);
      if (!locked || locked.state !== 'running' || locked.step !== run.step) return undefined;
      const [row] = await tx
        .update(flowRuns)
        .set({
          state: 'compensating',
          failedStep: locked.step,
          error: errorText(error),
          updatedAt: this.deps.clock.now(),
        })
        .where(eq(flowRuns.id, run.id))
        .returning();
      return runOf<D>(row!);
    });
    if (refused) await this.deps.afterCheckpoint?.(refused);
    return refused;
  }

  /** Undoes the steps before the refused one, last first, and records the run compensated. */
  private async compensate<D extends FlowData>(run: FlowRun<D>): Promise<FlowRun<D> | undefined> {
    const steps = this.definitionOf<D>(run.kind).steps;
    const refused = steps.findIndex((step) => step.name === run.failedStep);
    const compensated = await this.deps.db.transaction(async (tx) => {
      const locked = await this.find<D>(tx, run.id, true);
      if (!locked || locked.state !== 'compensating') return undefined;
      for (const step of steps.slice(0, refused).reverse()) await step.compensate?.(tx, locked);
      const now = this.deps.clock.now();
      const [row] = await tx
        .update(flowRuns)
        .set({ state: 'compensated', updatedAt: now, finishedAt: now })
        .where(eq(flowRuns.id, run.id))
        .returning();
      return runOf<D>(row!);
    });
    if (compensated) await this.deps.afterCheckpoint?.(compensated);
    return compensated;
  }
}

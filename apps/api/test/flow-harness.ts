import type { FlowData, FlowRun } from '../src/platform/flows';
import { RESUME_FLOW_AFTER_MS } from '../src/platform/flows';
import type { ServiceOverrides } from '../src/modules/services';
import { createTestApp } from './test-app';

/** What a test's hook throws to stop a flow as a dead process stops it: nothing after runs. */
export class Crash extends Error {}

/**
 * A test app for a flow's crash and race tests (decision 028): `atCheckpoint` runs right after
 * each checkpoint commits (throw `Crash` there to stop the run as a dead process leaves it),
 * `atCarrier` when a carrier is asked for a label, and `inUse` keeps how many of the pool's
 * connections were in use at each such call (none may be: no transaction across the call).
 */
export async function flowHarness(services: Omit<ServiceOverrides, 'afterFlowCheckpoint'> = {}) {
  const hooks = {
    atCheckpoint: undefined as ((run: FlowRun<FlowData>) => Promise<void>) | undefined,
    atCarrier: undefined as (() => Promise<void>) | undefined,
    inUse: [] as number[],
  };
  const ctx = await createTestApp({}, undefined, {
    ...services,
    afterFlowCheckpoint: async (run) => hooks.atCheckpoint?.(run),
  });
  for (const adapter of Object.values(ctx.app.services.carrierAdapters)) {
    const createLabel = adapter.createLabel.bind(adapter);
    adapter.createLabel = async (request) => {
      hooks.inUse.push(ctx.db.$client.totalCount - ctx.db.$client.idleCount);
      await hooks.atCarrier?.();
      return createLabel(request);
    };
  }
  return {
    ctx,
    hooks,
    /** Clears the hooks between tests. */
    reset() {
      hooks.atCheckpoint = undefined;
      hooks.atCarrier = undefined;
      hooks.inUse = [];
    },
    /** Throws once, right after the checkpoint where a run of `kind` is at `step` in `state`. */
    crashAt(kind: string, step: string, state = 'running') {
      let crashed = false;
      return async (run: FlowRun<FlowData>) => {
        if (crashed || run.kind !== kind || run.step !== step || run.state !== state) return;
        crashed = true;
        throw new Crash(`crash after ${step}`);
      };
    },
    /** The resume jobs' turns, as after a restart: each past the wait a run's job has. */
    async recover() {
      for (let round = 0; round < 3; round += 1) {
        ctx.clock.advance(RESUME_FLOW_AFTER_MS + 60_000);
        await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
      }
    },
  };
}

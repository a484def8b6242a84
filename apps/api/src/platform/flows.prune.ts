import { and, inArray, lt } from 'drizzle-orm';
import type { Clock } from './clock';
import { flowRuns } from './flows.tables';
import type { JobHandler } from './jobs';

/** Forgets finished runs: every guide leaves one, and only the recent ones help staff. */
export const PRUNE_FLOWS_JOB = 'flows.prune';
export const PRUNE_FLOWS_CRON = '41 3 * * *';
/**
 * How long a finished run stays for staff to read. Failed runs stay until someone looks: they
 * are what `/staff/flows` opens on.
 */
export const FLOW_RUNS_KEPT_DAYS = 30;

export const pruneFlowRuns =
  (clock: Clock): JobHandler =>
  async (db) => {
    const before = new Date(clock.now().getTime() - FLOW_RUNS_KEPT_DAYS * 86_400_000);
    await db
      .delete(flowRuns)
      .where(
        and(inArray(flowRuns.state, ['succeeded', 'compensated']), lt(flowRuns.finishedAt, before)),
      );
  };

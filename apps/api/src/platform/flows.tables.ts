import { FLOW_STATES, type FlowState } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Runs of flows (decision 028): work that spans domains, one row per run with the step it is
 * at and what its steps recorded (`data`). A step's writes and its checkpoint here commit in one
 * transaction. No foreign keys: any domain's record may be a flow's subject.
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    organizationId: uuid(),
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    state: text({ enum: FLOW_STATES }).$type<FlowState>().notNull(),
    /** The step to run next; the last one run once the run is over. */
    step: text().notNull(),
    failedStep: text(),
    error: text(),
    /** The run's input and what each step recorded for the next ones. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The process driving it (platform/instance.ts): once gone, its resume job runs at once. */
    instance: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // One run at a time owns a subject: a second start of the same kind waits, then fails here.
    uniqueIndex('flow_runs_active_subject')
      .on(table.kind, table.subjectId)
      .where(sql`${table.state} in ('running', 'compensating')`),
    index('flow_runs_staff_list').on(table.state, table.createdAt.desc()),
    index('flow_runs_newest').on(table.createdAt.desc()),
    check(
      'flow_runs_state_check',
      sql`${table.state} in ('running', 'succeeded', 'compensating', 'compensated', 'failed')`,
    ),
  ],
);

export type FlowRunRow = typeof flowRuns.$inferSelect;

import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The schema pg-boss keeps its queue in (installed by `runMigrations`, not by drizzle-kit). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * pg-boss's job table as our queries read it (decision 021): the staff screen, the metrics, a
 * purchase's recovery brought forward, and tests. pg-boss owns and migrates it, so this file is
 * not a `*.tables.ts` drizzle-kit would try to create; every other write goes through pg-boss.
 */
export const jobs = pgSchema(JOBS_SCHEMA).table('job', {
  id: uuid().primaryKey(),
  kind: text('name').notNull(),
  payload: jsonb('data').$type<Record<string, unknown>>().notNull(),
  /** created, retry, active, completed, cancelled or failed (retries exhausted: dead letter). */
  state: text().notNull(),
  /** Failed runs so far. */
  attempts: integer('retry_count').notNull(),
  retryLimit: integer('retry_limit').notNull(),
  runAt: timestamp('start_after', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_on', { withTimezone: true }),
  /** When it completed, or failed for good. */
  settledAt: timestamp('completed_on', { withTimezone: true }),
  createdAt: timestamp('created_on', { withTimezone: true }).notNull(),
  /** The last failure's `{ message }`, or what a completed handler answered. */
  output: jsonb().$type<{ message?: string } | null>(),
});

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Background work that must happen later and survive a restart: the sandbox carriers' tracking
 * timeline, the carrier's confirmation of a cancellation (and its refund), recovery of a purchase
 * interrupted mid-way. A runner claims due rows with `FOR UPDATE SKIP LOCKED`, so several
 * processes never run one job twice; a failed job is retried later with its error kept.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
  ],
);

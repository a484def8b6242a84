import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of attempts, shared by every API process and kept across restarts: the per-client
 * limits of `@fastify/rate-limit` (key `route client`) and the per-account sign-in backoff (key
 * `login:email`). A row whose `expires_at` has passed counts as absent and may be swept away.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    /** When the count starts again from zero (end of the window or of the quiet period). */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Sign-in backoff: attempts before this time are refused without being counted. */
    blockedUntil: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.expiresAt)],
);

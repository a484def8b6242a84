import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Failed calls to outside providers (carriers, payments, the PAC, SMS, file storage), kept for
 * the staff console and pruned after 30 days. The message is the provider's own, with anything
 * secret-looking redacted; requests and answers are never stored.
 */
export const providerFailures = pgTable(
  'provider_failures',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text({ enum: ['carrier', 'payments', 'cfdi', 'sms', 'files'] }).notNull(),
    provider: text().notNull(),
    operation: text().notNull(),
    code: text({
      enum: ['timeout', 'rate_limited', 'unavailable', 'rejected', 'malformed'],
    }).notNull(),
    httpStatus: integer(),
    /** The provider's own error code, when it gave one. */
    providerCode: text(),
    message: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.occurredAt)],
);

/**
 * When each provider last answered well, for the staff console's "last call" beside its latest
 * failure. Written at most once a minute per provider and process while it keeps succeeding.
 */
export const providerSuccesses = pgTable(
  'provider_successes',
  {
    kind: text({ enum: ['carrier', 'payments', 'cfdi', 'sms', 'files'] }).notNull(),
    provider: text().notNull(),
    lastSuccessAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.provider] })],
);

import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every mail and SMS the product sends, written in the same transaction as the change that
 * caused it; a delivery adapter (SMTP, SMS provider) sends it after commit. Without a configured
 * provider the message stays here, and outside production the Mailbox page shows it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    /** queued → sent, or kept (no provider configured), or failed after retries */
    status: text({ enum: ['queued', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('queued'),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.recipient, table.createdAt)],
);

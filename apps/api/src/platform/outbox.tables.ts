import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * What the SMS provider last reported of a sent message (issue 27), in its order: queued → sent
 * → delivered, or undelivered / failed (the handset or the carrier refused it).
 */
export const SMS_DELIVERY_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
] as const;
export type SmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];

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
    /** The provider's id of the sent message (Twilio's `SM…` SID), which its status reports name. */
    providerMessageId: text(),
    deliveryStatus: text({ enum: SMS_DELIVERY_STATUSES }),
    deliveryUpdatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index().on(table.recipient, table.createdAt),
    uniqueIndex().on(table.providerMessageId),
  ],
);

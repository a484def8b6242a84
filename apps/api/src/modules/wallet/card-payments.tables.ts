import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payment provider's own records (decision 013). They stand in for what a real
 * provider keeps on its servers, so nothing else in the app reads them. Like a real provider's
 * token, a row holds what may be shown of a card and the test card's outcome — never the card
 * number, its expiry or its CVC.
 */
export const sandboxCardTokens = pgTable(
  'sandbox_card_tokens',
  {
    /** `tok_sandbox_…`: what the browser sends our API instead of the card. */
    token: text().primaryKey(),
    brand: text().notNull(),
    last4: text().notNull(),
    /** `approved` or the decline code the test card stands for. */
    outcome: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** A token is short-lived and single-use, as a provider's are. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [check('sandbox_card_tokens_last4', sql`${table.last4} ~ '^[0-9]{4}$'`)],
);

/**
 * Charges the sandbox answered, by the caller's idempotency key: a retried charge with the same
 * key answers the first result and charges nothing again, as Stripe's `Idempotency-Key` does.
 */
export const sandboxCardCharges = pgTable(
  'sandbox_card_charges',
  {
    /** `pay_sandbox_…`: the provider payment id kept on the deposit. */
    id: text().primaryKey(),
    idempotencyKey: text().notNull().unique(),
    token: text(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    declineCode: text(),
    brand: text(),
    last4: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    check('sandbox_card_charges_status', sql`${table.status} in ('approved', 'declined')`),
    check(
      'sandbox_card_charges_decline',
      sql`(${table.status} = 'declined') = (${table.declineCode} is not null)`,
    ),
  ],
);

/**
 * The card processor's webhook events already processed (decision 034), by the processor's
 * event id: a delivery replayed (the processor retries, or someone resends a captured one) is
 * answered `duplicate` and settles nothing again. Written in the transaction that acts on it.
 */
export const cardWebhookEvents = pgTable(
  'card_webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';
import { deposits } from './deposits.tables';
import { ledgerTransactions } from './ledger.tables';

/**
 * Incoming SPEI transfers to Despacho's receiving account, as the bank reports them (the signed
 * webhook or an imported statement). `bank_reference` identifies one transfer whatever reports
 * it — operation date, sending bank and tracking key (decision 014) — so it is recorded once.
 *
 * - `credited`: the organization owning `beneficiary_clabe` (or the one staff assigned) got it;
 *   `ledger_transaction_id` is the credit (or the credit of the notification it matched, when
 *   staff had already approved that one).
 * - `unmatched`: waiting in the staff queue (`unmatched_reason` says why); nothing moved.
 * - `returned`: staff sent it back to the sender outside Despacho; nothing moved.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: uuid().primaryKey().defaultRandom(),
    source: text().notNull(),
    bankReference: text().notNull(),
    trackingKey: text().notNull(),
    /** The SPEI operation date (Mexico City), part of what makes a tracking key unique. */
    operationDate: date({ mode: 'string' }).notNull(),
    beneficiaryClabe: text().notNull(),
    senderClabe: text().notNull(),
    /** The sending bank's three-digit code (as a CLABE starts), like `deposits.origin_bank`. */
    senderBank: text().notNull(),
    senderName: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    concept: text().notNull().default(''),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    status: text().notNull(),
    unmatchedReason: text(),
    organizationId: uuid().references(() => organizations.id),
    depositId: uuid().references(() => deposits.id),
    ledgerTransactionId: uuid().references(() => ledgerTransactions.id),
    returnReason: text(),
    /** Staff who assigned or returned it; null when it was reconciled automatically. */
    resolvedBy: uuid().references(() => users.id),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('bank_transfers_bank_reference').on(table.bankReference),
    // One transfer per notification: a notification is never reconciled twice.
    uniqueIndex('bank_transfers_deposit').on(table.depositId),
    check('bank_transfers_source', sql`${table.source} in ('statement', 'webhook')`),
    check('bank_transfers_status', sql`${table.status} in ('credited', 'unmatched', 'returned')`),
    check('bank_transfers_amount', sql`${table.amount} > 0`),
    check(
      'bank_transfers_credited',
      sql`(${table.status} = 'credited') = (${table.ledgerTransactionId} is not null and ${table.organizationId} is not null)`,
    ),
    check(
      'bank_transfers_unmatched',
      sql`(${table.status} = 'unmatched') = (${table.unmatchedReason} is not null)`,
    ),
    check(
      'bank_transfers_returned',
      sql`(${table.status} = 'returned') = (${table.returnReason} is not null)`,
    ),
    index('bank_transfers_status_received').on(table.status, table.receivedAt),
    index('bank_transfers_organization').on(table.organizationId, table.receivedAt.desc()),
    index('bank_transfers_tracking_key').on(table.senderBank, table.trackingKey),
  ],
);

/**
 * Webhook deliveries already processed, by the sender's event id: a replayed delivery answers
 * `duplicate` and moves nothing. Written in the transaction that records the transfer, so a
 * delivery that failed can be retried.
 */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text().primaryKey(),
  source: text().notNull(),
  bankReference: text(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
});

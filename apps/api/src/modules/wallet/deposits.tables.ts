import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';
import { files } from '../../platform/files.tables';
import { ledgerTransactions } from './ledger.tables';

/**
 * Each organization's receiving CLABE: a virtual account at Despacho's SPEI bank that only this
 * organization's transfers reach, so an incoming transfer says by itself whom to credit. Built
 * from the configured prefix, a sequence number and the check digit; assigned on first use.
 */
export const speiAccountNumbers = pgSequence('spei_account_numbers', { startWith: 1 });

export const speiAccounts = pgTable('spei_accounts', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id),
  clabe: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Deposits to the prepaid balance: SPEI transfers the merchant notifies and card payments.
 * `ledger_transaction_id` is the credit, set once when the deposit is credited. The tracking
 * key of a SPEI transfer is unique per origin bank among deposits that were not rejected, so
 * one transfer cannot be notified twice.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    method: text().notNull(),
    status: text().notNull(),
    /** Centavos sent, the fee taken with its VAT (small deposits), and what reaches the wallet. */
    amount: bigint({ mode: 'number' }).notNull(),
    fee: bigint({ mode: 'number' }).notNull(),
    net: bigint({ mode: 'number' }).notNull(),
    originBank: text(),
    referenceType: text(),
    referenceNumber: text(),
    trackingKey: text(),
    /** The voucher, one of the organization's own files (composite key, as files are keyed). */
    voucherFileId: uuid(),
    cardSummary: text(),
    providerPaymentId: text(),
    rejectReason: text(),
    ledgerTransactionId: uuid().references(() => ledgerTransactions.id),
    idempotencyKey: text().notNull(),
    createdBy: uuid().references(() => users.id),
    reviewedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    creditedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    check('deposits_method', sql`${table.method} in ('spei', 'card')`),
    check('deposits_status', sql`${table.status} in ('pending', 'credited', 'rejected', 'failed')`),
    check(
      'deposits_amounts',
      sql`${table.net} > 0 and ${table.fee} >= 0 and ${table.amount} = ${table.net} + ${table.fee}`,
    ),
    check(
      'deposits_credited_has_transaction',
      sql`(${table.status} = 'credited') = (${table.ledgerTransactionId} is not null)`,
    ),
    foreignKey({
      name: 'deposits_voucher_file_fk',
      columns: [table.organizationId, table.voucherFileId],
      foreignColumns: [files.organizationId, files.id],
    }),
    uniqueIndex('deposits_idempotency').on(table.organizationId, table.idempotencyKey),
    uniqueIndex('deposits_tracking_key')
      .on(table.originBank, table.trackingKey)
      .where(sql`${table.trackingKey} is not null and ${table.status} <> 'rejected'`),
    index('deposits_organization_created').on(table.organizationId, table.createdAt.desc()),
    index('deposits_status_created').on(table.status, table.createdAt),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TransactionDescription } from '@despacho/domain';
import { organizations } from '../accounts/accounts.tables';

/** Money columns: integer centavos, read as numbers (pg parses int8 as Number, see db.ts). */
const centavos = () => bigint({ mode: 'number' });

/**
 * Ledger accounts. Each organization has a `wallet` (what it can spend) and a `wallet_hold`
 * (charges reserved until they complete); both keep a stored balance that can never go below
 * zero. Platform accounts (revenue, fees, VAT payable, carrier and insurance payable, bank and
 * card clearing) have no organization and no stored balance: every debit would otherwise queue
 * on the same row, so their balance is the sum of their entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().references(() => organizations.id),
    kind: text().notNull(),
    currency: text().notNull().default('MXN'),
    balance: centavos(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ledger_accounts_kind_per_owner')
      .on(table.organizationId, table.kind)
      .nullsNotDistinct(),
    check(
      'ledger_accounts_owner_matches_kind',
      sql`(${table.kind} in ('wallet', 'wallet_hold')) = (${table.organizationId} is not null)`,
    ),
    check(
      'ledger_accounts_balance_only_for_organizations',
      sql`(${table.organizationId} is not null) = (${table.balance} is not null)`,
    ),
    check('ledger_accounts_never_negative', sql`${table.balance} >= 0`),
  ],
);

/**
 * One business event that moves money. The idempotency key is unique per organization: the
 * same key answers the first result and never moves money twice; `request_hash` tells a retry
 * from a different request that reused the key. `wallet_amount` is the signed change of the
 * organization's wallet (what its transactions list shows); `payment_state` is the only column
 * that changes after insert (a hold becoming paid or released).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    /** Time-ordered (PostgreSQL 18's uuidv7): index insertions land at the right edge. */
    id: uuid()
      .primaryKey()
      .default(sql`uuidv7()`),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    kind: text().notNull(),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    referenceType: text(),
    referenceId: text(),
    /** The transaction this one settles or refunds (a capture's hold, a refund's charge). */
    relatedTransactionId: uuid(),
    /** What the movement is, as a code and its parameters, rendered in the reader's language. */
    descriptionCode: text().$type<TransactionDescription['code']>(),
    descriptionParams: jsonb().$type<TransactionDescription['params']>(),
    /**
     * A sentence stored before descriptions were codes, kept only on rows whose text the
     * migration could not map to a code (shown as stored).
     */
    description: text(),
    walletAmount: centavos().notNull(),
    walletBalanceAfter: centavos().notNull(),
    paymentState: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency').on(table.organizationId, table.idempotencyKey),
    index('ledger_transactions_organization_created').on(
      table.organizationId,
      table.createdAt.desc(),
      table.id,
    ),
    // Partial: most movements have neither, and skip the insertion. Lookups are equalities.
    index('ledger_transactions_reference')
      .on(table.referenceType, table.referenceId)
      .where(sql`${table.referenceId} is not null`),
    index('ledger_transactions_related')
      .on(table.relatedTransactionId)
      .where(sql`${table.relatedTransactionId} is not null`),
  ],
);

/**
 * Append-only entries (a trigger refuses UPDATE and DELETE). The entries of a transaction sum to
 * zero, checked by a deferred constraint trigger at commit. `balance_after` is the account's
 * stored balance right after this entry, for organization accounts.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: centavos().notNull(),
    balanceAfter: centavos(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_entries_not_zero', sql`${table.amount} <> 0`),
    index('ledger_entries_transaction').on(table.transactionId),
    index('ledger_entries_account').on(table.accountId, table.id),
  ],
);

/**
 * A charge reserved on the wallet until it completes (captured) or is abandoned (released).
 * The sum of `held` amounts of an organization equals its `wallet_hold` balance.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid()
      .primaryKey()
      .default(sql`uuidv7()`),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    amount: centavos().notNull(),
    status: text().notNull(),
    holdTransactionId: uuid()
      .notNull()
      .unique()
      .references(() => ledgerTransactions.id),
    settleTransactionId: uuid()
      .unique()
      .references(() => ledgerTransactions.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('ledger_holds_positive', sql`${table.amount} > 0`),
    check('ledger_holds_status', sql`${table.status} in ('held', 'captured', 'released')`),
    check(
      'ledger_holds_settled_consistently',
      sql`(${table.status} = 'held') = (${table.settleTransactionId} is null)`,
    ),
    index('ledger_holds_organization_status').on(table.organizationId, table.status),
  ],
);

import { bigint, date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { SpendCause } from '@despacho/domain';
import { organizations } from '../accounts/accounts.tables';

/**
 * What each organization paid per Mexico City day and cause (the dashboard's spend and total
 * purchases), net of refunds: kept by a trigger on `ledger_entries` (spend.functions.sql) in the
 * transaction that posts, so a month is read from 30 rows per cause, not thousands of entries.
 */
export const ledgerDailySpend = pgTable(
  'ledger_daily_spend',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    cause: text().$type<SpendCause>().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day, table.cause] })],
);

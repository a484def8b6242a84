import { TRANSACTIONS_TIME_ZONE, type TransactionsFilter } from '@despacho/domain';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { withinOrganizationDays } from '../accounts';
import { ledgerTransactions as t } from './ledger.tables';

/** The columns the list and the export read. */
const columns = {
  id: t.id,
  createdAt: t.createdAt,
  kind: t.kind,
  descriptionCode: t.descriptionCode,
  descriptionParams: t.descriptionParams,
  description: t.description,
  referenceType: t.referenceType,
  referenceId: t.referenceId,
  walletAmount: t.walletAmount,
  walletBalanceAfter: t.walletBalanceAfter,
  paymentState: t.paymentState,
};

export type TransactionListRow = Pick<typeof t.$inferSelect, keyof typeof columns>;

/** Where an export page stops; the text form keeps PostgreSQL's microseconds. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/**
 * The organization's movements that changed its wallet (a capture that charges exactly what was
 * held moves only the hold account: its hold row already tells the state). Days are whole days
 * in the organization's time zone, so the index on (organization, created_at) answers them.
 */
function whereOf(organizationId: string, filter: TransactionsFilter): SQL {
  return and(
    eq(t.organizationId, organizationId),
    ne(t.walletAmount, 0),
    filter.kind ? eq(t.kind, filter.kind) : undefined,
    withinOrganizationDays(t.createdAt, organizationId, filter),
  )!;
}

// Newest first, spelled exactly as the index (organization_id, created_at desc nulls last, id)
// is: a page is then read in index order and stops after `limit` rows, with no sort of the
// organization's whole history (plain `desc` means nulls first and does not match it).
const order = [sql`${t.createdAt} desc nulls last`, asc(t.id)];

export async function listTransactions(
  db: DbOrTx,
  organizationId: string,
  query: TransactionsFilter & { page: number; pageSize: number },
): Promise<{ rows: TransactionListRow[]; total: number }> {
  const where = whereOf(organizationId, query);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countTransactions(db, organizationId, query),
  ]);
  return { rows, total };
}

export function countTransactions(
  db: DbOrTx,
  organizationId: string,
  filter: TransactionsFilter,
): Promise<number> {
  return db.$count(t, whereOf(organizationId, filter));
}

/**
 * One page of the export after `cursor` (keyset, so the 50th page costs what the first does),
 * with the local time of each movement as the CSV shows it.
 */
export async function exportPage(
  db: DbOrTx,
  organizationId: string,
  filter: TransactionsFilter,
  cursor: ExportCursor | null,
  limit: number,
) {
  const after = cursor
    ? sql`${t.createdAt} <= ${cursor.createdAt}::timestamptz
          and (${t.createdAt} < ${cursor.createdAt}::timestamptz or ${t.id} > ${cursor.id})`
    : undefined;
  return db
    .select({
      ...columns,
      cursor: sql<string>`${t.createdAt}::text`,
      localTime: sql<string>`to_char(${t.createdAt} at time zone ${TRANSACTIONS_TIME_ZONE},
                                     'YYYY-MM-DD HH24:MI:SS')`,
    })
    .from(t)
    .where(and(whereOf(organizationId, filter), after))
    .orderBy(...order)
    .limit(limit);
}

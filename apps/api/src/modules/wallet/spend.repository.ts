import type { DayRange, SpendCause } from '@despacho/domain';
import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { reportDayOf, withinReportDays } from '../../platform/report-days';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.tables';

/**
 * What the organization paid Despacho, net of refunds: its entries into platform accounts other
 * than the clearing accounts money arrives through; all of them or those posted on `days`.
 */
function spentWithin(organizationId: string, days: DayRange | undefined) {
  return and(
    eq(ledgerTransactions.organizationId, organizationId),
    days ? withinReportDays(ledgerTransactions.createdAt, days) : undefined,
    isNull(ledgerAccounts.organizationId),
    notInArray(ledgerAccounts.kind, ['bank_clearing', 'card_clearing']),
  );
}

export async function purchasesTotal(
  db: DbOrTx,
  organizationId: string,
  days?: DayRange,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(spentWithin(organizationId, days));
  return Number(row?.total ?? 0);
}

/**
 * The cause of an entry: classification and fees by their movement's kind (or the fees
 * account), insurance by its account, the rest (carrier price, VAT, margin) labels. A refund's
 * entries reverse their account's, so each cause is net of its refunds.
 */
const cause = sql<SpendCause>`case
  when ${ledgerTransactions.kind} = 'classification' then 'classification'
  when ${ledgerTransactions.kind} = 'fee' or ${ledgerAccounts.kind} = 'fees' then 'fees'
  when ${ledgerAccounts.kind} = 'insurance_payable' then 'insurance'
  else 'labels' end`;

export async function spendPerDay(db: DbOrTx, organizationId: string, days: DayRange) {
  const rows = await db
    .select({
      day: reportDayOf(ledgerTransactions.createdAt),
      cause,
      centavos: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(spentWithin(organizationId, days))
    .groupBy(sql`1, 2`)
    .orderBy(sql`1, 2`);
  return rows.map((row) => ({ ...row, centavos: Number(row.centavos) }));
}

/** The available balance at the end of Mexico City's `day`: after its last movement (0 before any). */
export async function balanceAtEndOf(
  db: DbOrTx,
  organizationId: string,
  day: string,
): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerTransactions.walletBalanceAfter })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.organizationId, organizationId),
        withinReportDays(ledgerTransactions.createdAt, { to: day }),
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .limit(1);
  return row?.balance ?? 0;
}

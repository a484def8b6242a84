import type { DayRange } from '@despacho/domain';
import { and, asc, between, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { withinReportDays } from '../../platform/report-days';
import { ledgerTransactions } from './ledger.tables';
import { ledgerDailySpend } from './spend.tables';

/** The organization's days of `days` (all when absent) in the daily spend table. */
const spentWithin = (organizationId: string, days: DayRange | undefined) =>
  and(
    eq(ledgerDailySpend.organizationId, organizationId),
    days ? between(ledgerDailySpend.day, days.from, days.to) : undefined,
  );

/** What the organization paid Despacho, net of refunds: all of it, or on the days of `days`. */
export async function purchasesTotal(
  db: DbOrTx,
  organizationId: string,
  days?: DayRange,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerDailySpend.amount}), 0)` })
    .from(ledgerDailySpend)
    .where(spentWithin(organizationId, days));
  return Number(row?.total ?? 0);
}

/** What was paid per day of `days` and cause (spend.functions.sql says which). */
export async function spendPerDay(db: DbOrTx, organizationId: string, days: DayRange) {
  return db
    .select({
      day: ledgerDailySpend.day,
      cause: ledgerDailySpend.cause,
      centavos: ledgerDailySpend.amount,
    })
    .from(ledgerDailySpend)
    .where(spentWithin(organizationId, days))
    .orderBy(asc(ledgerDailySpend.day), asc(ledgerDailySpend.cause));
}

/**
 * The available balance at the end of Mexico City's `day`: after its last movement (0 before
 * any). The index orders by instant; movements of one instant, by their time-ordered id.
 */
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
    .orderBy(sql`${ledgerTransactions.createdAt} desc nulls last`, desc(ledgerTransactions.id))
    .limit(1);
  return row?.balance ?? 0;
}

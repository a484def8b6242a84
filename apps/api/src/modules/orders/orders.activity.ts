import type { DayRange } from '@despacho/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { reportDateOf, reportDayOf, withinReportDays } from '../../platform/report-days';
import { orders } from './orders.tables';

/** Orders placed on the Mexico City days of `days` and not cancelled: the dashboard's figure. */
const placedWithin = (organizationId: string, days: DayRange) =>
  and(
    eq(orders.organizationId, organizationId),
    withinReportDays(orders.placedAt, days),
    ne(orders.status, 'cancelled'),
  );

export function countPlaced(db: DbOrTx, organizationId: string, days: DayRange): Promise<number> {
  return db.$count(orders, placedWithin(organizationId, days));
}

/** Orders placed per day and store (null: typed by hand). */
export function placedPerDay(db: DbOrTx, organizationId: string, days: DayRange) {
  return db
    .select({
      day: reportDayOf(orders.placedAt),
      storeId: orders.storeId,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(placedWithin(organizationId, days))
    .groupBy(reportDateOf(orders.placedAt), orders.storeId)
    .orderBy(sql`1, 2`);
}

import type { DayRange } from '@despacho/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { reportDaysOf, withinReportDays } from '../../platform/report-days';
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

/** Orders placed per day of `days` and store (null: typed by hand). */
export async function placedPerDay(db: DbOrTx, organizationId: string, days: DayRange) {
  const { rows } = await db.execute<{ day: string; storeId: string | null; count: number }>(sql`
    select to_char(days.day, 'YYYY-MM-DD') as day, ${orders.storeId} as "storeId",
           count(*)::int as count
      from ${reportDaysOf(days)}
      join ${orders} on ${orders.organizationId} = ${organizationId}
       and ${orders.status} <> 'cancelled'
       and ${orders.placedAt} >= days.starts and ${orders.placedAt} < days.ends
     group by days.day, ${orders.storeId}
     order by 1, 2`);
  return rows;
}

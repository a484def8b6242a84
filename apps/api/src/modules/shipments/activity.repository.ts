import type { CarrierKey, DayRange } from '@despacho/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { reportDaysOf, withinReportDays } from '../../platform/report-days';
import { shipments } from './shipments.tables';

/**
 * Guides bought and not cancelled: what the dashboard counts as shipments made. Written as
 * literals so the planner matches the partial index `shipments_made_per_day`.
 */
const made = sql`${shipments.purchaseState} = 'purchased' and ${shipments.status} <> 'cancelled'`;

function madeWithin(organizationId: string, days: DayRange | undefined) {
  return and(
    eq(shipments.organizationId, organizationId),
    made,
    days ? withinReportDays(shipments.createdAt, days) : undefined,
  );
}

/** Shipments made, all of them or those bought on `days`. */
export function countMade(db: DbOrTx, organizationId: string, days?: DayRange): Promise<number> {
  return db.$count(shipments, madeWithin(organizationId, days));
}

/** Guides made per day of `days` and carrier: each day an index range of its own. */
export async function madePerDay(db: DbOrTx, organizationId: string, days: DayRange) {
  const { rows } = await db.execute<{ day: string; carrier: CarrierKey; count: number }>(sql`
    select to_char(days.day, 'YYYY-MM-DD') as day, ${shipments.carrierKey} as carrier,
           count(*)::int as count
      from ${reportDaysOf(days)}
      join ${shipments} on ${shipments.organizationId} = ${organizationId} and ${made}
       and ${shipments.createdAt} >= days.starts and ${shipments.createdAt} < days.ends
     group by days.day, ${shipments.carrierKey}
     order by 1, 2`);
  return rows;
}

export async function topDestinationStates(
  db: DbOrTx,
  organizationId: string,
  days: DayRange,
  limit: number,
) {
  return db
    .select({
      state: sql<string>`${shipments.destinationState}`,
      count: sql<number>`count(*)::int`,
    })
    .from(shipments)
    .where(madeWithin(organizationId, days))
    .groupBy(sql`1`)
    .orderBy(sql`2 desc, 1`)
    .limit(limit);
}

import type { CarrierKey, DayRange } from '@despacho/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { reportDateOf, reportDayOf, withinReportDays } from '../../platform/report-days';
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

const day = reportDayOf(shipments.createdAt);
const date = reportDateOf(shipments.createdAt);

export async function madePerDay(db: DbOrTx, organizationId: string, days: DayRange) {
  return db
    .select({
      day,
      carrier: sql<CarrierKey>`${shipments.carrierKey}`,
      count: sql<number>`count(*)::int`,
    })
    .from(shipments)
    .where(madeWithin(organizationId, days))
    .groupBy(date, shipments.carrierKey)
    .orderBy(sql`1, 2`);
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

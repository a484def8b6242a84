import type { CarrierKey, DayRange } from '@despacho/domain';
import { and, asc, between, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { shipmentsMadeDaily } from './activity.tables';

// Guides bought and not cancelled are what the dashboard counts as shipments made; the database
// keeps their count per day, carrier and state (made-per-day.functions.sql), read here.

const madeWithin = (organizationId: string, days: DayRange | undefined) =>
  and(
    eq(shipmentsMadeDaily.organizationId, organizationId),
    days ? between(shipmentsMadeDaily.day, days.from, days.to) : undefined,
  );

const made = sql<number>`sum(${shipmentsMadeDaily.count})::int`;

/** Shipments made, all of them or those bought on `days`. */
export async function countMade(
  db: DbOrTx,
  organizationId: string,
  days?: DayRange,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(${made}, 0)` })
    .from(shipmentsMadeDaily)
    .where(madeWithin(organizationId, days));
  return row?.count ?? 0;
}

/** Guides made per day of `days` and carrier (days and carriers with none left out). */
export async function madePerDay(
  db: DbOrTx,
  organizationId: string,
  days: DayRange,
): Promise<{ day: string; carrier: CarrierKey; count: number }[]> {
  return db
    .select({ day: shipmentsMadeDaily.day, carrier: shipmentsMadeDaily.carrierKey, count: made })
    .from(shipmentsMadeDaily)
    .where(madeWithin(organizationId, days))
    .groupBy(shipmentsMadeDaily.day, shipmentsMadeDaily.carrierKey)
    .having(gt(made, 0))
    .orderBy(asc(shipmentsMadeDaily.day), asc(shipmentsMadeDaily.carrierKey));
}

/** The `limit` destination states with most guides made on `days`. */
export async function topDestinationStates(
  db: DbOrTx,
  organizationId: string,
  days: DayRange,
  limit: number,
) {
  return db
    .select({ state: sql<string>`${shipmentsMadeDaily.destinationState}`, count: made })
    .from(shipmentsMadeDaily)
    .where(madeWithin(organizationId, days))
    .groupBy(shipmentsMadeDaily.destinationState)
    .having(gt(made, 0))
    .orderBy(desc(made), asc(shipmentsMadeDaily.destinationState))
    .limit(limit);
}

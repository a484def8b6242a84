import { DASHBOARD_TIME_ZONE } from '@despacho/domain';
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';

// A constant, written inline: the same day expression in SELECT and GROUP BY.
const ZONE = sql.raw(`'${DASHBOARD_TIME_ZONE}'`);

/**
 * `column` (a timestamptz) falls on the Mexico City days `from`..`to` (either may be absent).
 * The days become instants with the zone's rules, so the filter keeps using an index on it.
 */
export const withinReportDays = (column: AnyColumn, days: { from?: string; to?: string }) =>
  and(
    days.from ? sql`${column} >= (${days.from}::date)::timestamp at time zone ${ZONE}` : undefined,
    days.to ? sql`${column} < (${days.to}::date + 1)::timestamp at time zone ${ZONE}` : undefined,
  );

/** The Mexico City calendar day `column` falls on, a `date`: what a query groups by. */
export const reportDateOf = (column: AnyColumn): SQL => sql`(${column} at time zone ${ZONE})::date`;

/**
 * That day as `YYYY-MM-DD`. Grouped by `reportDateOf`, it is formatted once per group rather
 * than once per row (a month of guides is thousands).
 */
export const reportDayOf = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${reportDateOf(column)}, 'YYYY-MM-DD')`;

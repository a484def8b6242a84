import { DASHBOARD_TIME_ZONE } from '@despacho/domain';
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';

// A constant, written inline: the planner sees the zone as it plans.
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

/**
 * The days of `range` as rows of `day` (a `date`) with the instants they start and end
 * (`starts`, `ends`): a query joins its rows to them by range, so an index on the instant serves
 * each day and no row's instant is converted to a day.
 */
export const reportDaysOf = (range: { from: string; to: string }): SQL =>
  sql`(select day::date as day, day::timestamp at time zone ${ZONE} as starts,
      (day + interval '1 day')::timestamp at time zone ${ZONE} as ends
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as day) as days`;

import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { organizations } from './accounts.tables';

/**
 * `column` falls on the calendar days `from`..`to` (`YYYY-MM-DD`, either may be absent) of the
 * organization's clock. PostgreSQL turns the days into instants with its zone rules (daylight
 * saving included), so a filter on a `timestamptz` keeps using the index on it.
 */
export function withinOrganizationDays(
  column: AnyColumn,
  organizationId: string,
  days: { from?: string | undefined; to?: string | undefined },
): SQL | undefined {
  const zone = sql`(select ${organizations.timeZone} from ${organizations} where ${organizations.id} = ${organizationId})`;
  return and(
    days.from ? sql`${column} >= (${days.from}::date)::timestamp at time zone ${zone}` : undefined,
    days.to ? sql`${column} < (${days.to}::date + 1)::timestamp at time zone ${zone}` : undefined,
  );
}

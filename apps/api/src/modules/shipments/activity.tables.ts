import { date, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { CarrierKey } from '@despacho/domain';
import { organizations } from '../accounts/accounts.tables';

/**
 * Guides made (bought and not cancelled) per organization, Mexico City day of their creation,
 * carrier and destination state: the dashboard's count, per-day chart and top states read a
 * month from a few hundred rows instead of thousands of guides. Kept by the deferred triggers
 * on `shipments` (made-per-day.functions.sql, migration 0049_session5), whoever writes a guide.
 */
export const shipmentsMadeDaily = pgTable(
  'shipments_made_daily',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    carrierKey: text().$type<CarrierKey>().notNull(),
    /** `shipments.destination_state`; a guide without one counts under null. */
    destinationState: text(),
    count: integer().notNull(),
  },
  (table) => [
    unique('shipments_made_daily_key')
      .on(table.organizationId, table.day, table.carrierKey, table.destinationState)
      .nullsNotDistinct(),
  ],
);

import type { CarrierKey, PickupStatus } from '@despacho/domain';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';
import { locations } from '../addresses/locations.tables';

/**
 * A collection the carrier confirmed at one origin, on a business day and time window (spec §3
 * Pickup). Its guides point at it (`shipments.pickup_id`); packages and weight are theirs.
 * Created automatically with each shipment, or from the pickup screen for guides without one.
 * A guide being cancelled leaves its pickup, and a pickup left without guides is cancelled.
 */
export const pickups = pgTable(
  'pickups',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    id: uuid().primaryKey().defaultRandom(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    carrierKey: text().$type<CarrierKey>().notNull(),
    locationId: uuid()
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    confirmationNumber: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    status: text().$type<PickupStatus>().notNull().default('requested'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When it was last moved to another day or window (it stays requested). */
    rescheduledAt: timestamp({ withTimezone: true }),
    /** When it was called off, by the merchant or because its last guide was cancelled. */
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pickups_confirmation').on(table.carrierKey, table.confirmationNumber),
    index('pickups_organization_date').on(table.organizationId, table.date),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';
import { addressColumns } from './address-columns';

/**
 * Origin addresses of an organization (`settings/locations`). Exactly one is the default while
 * any exist: the partial unique index holds at most one, the service keeps at least one.
 */
export const locations = pgTable(
  'locations',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    alias: text().notNull(),
    company: text(),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhone: text().notNull(),
    ...addressColumns(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('locations_one_default_per_organization')
      .on(table.organizationId)
      .where(sql`${table.isDefault}`),
    index('locations_organization_search').on(
      table.organizationId,
      table.alias,
      table.company,
      table.zip,
    ),
  ],
);

import { PACKAGE_UNITS } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';

/**
 * An organization's packages (`settings/packages`). Dimensions (cm or in, per `unit`) are exact
 * numeric(10,2) and the weight (kg or lb) numeric(10,3): what the merchant typed, no float
 * drift. At most one default per organization (partial unique index).
 */
export const packages = pgTable(
  'packages',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    unit: text({ enum: PACKAGE_UNITS }).notNull(),
    height: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    length: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    width: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    weight: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull(),
    satCode: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('packages_organization_name_idx').on(table.organizationId, table.name),
    uniqueIndex('packages_one_default_idx')
      .on(table.organizationId)
      .where(sql`${table.isDefault}`),
  ],
);

import { VENDOR_STATUSES } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';
import { addressColumns } from '../addresses';

/**
 * The organization's vendors (`settings/vendors`). The code is unique per organization
 * regardless of case: the schema stores it upper-cased and the unique index compares
 * `upper(code)`, so it decides even for two saves at once.
 */
export const vendors = pgTable(
  'vendors',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    code: text().notNull(),
    email: text().notNull(),
    ...addressColumns(),
    status: text({ enum: VENDOR_STATUSES }).notNull().default('enabled'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    // Products name their vendor by (organization, id): never another organization's vendor.
    uniqueIndex('vendors_organization_id_unique').on(table.organizationId, table.id),
    uniqueIndex('vendors_organization_code_unique').on(
      table.organizationId,
      sql`upper(${table.code})`,
    ),
    index('vendors_organization_list').on(
      table.organizationId,
      table.status,
      table.createdAt.desc(),
    ),
    check('vendors_status_check', sql`${table.status} in ('enabled', 'disabled')`),
  ],
);

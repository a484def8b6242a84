import { CARRIER_KEYS } from '@despacho/domain';
import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';

/**
 * An organization's choice for a carrier of the catalogue (`@despacho/domain` CARRIERS). No row
 * means enabled: every carrier is on until the organization changes it, and a carrier added to
 * the catalogue later starts enabled everywhere.
 */
export const organizationCarriers = pgTable(
  'organization_carriers',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    carrierKey: text({ enum: CARRIER_KEYS }).notNull(),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.carrierKey] })],
);

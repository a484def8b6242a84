import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { addressColumns } from '../addresses';
import { stockLocations } from './stock.tables';

/**
 * The street address and contact of a platform warehouse (`/staff/warehouses`), one row per
 * warehouse stock location: the sender of its exits' guides. Apart from `stock_locations` because own locations take theirs from the
 * address book, so the address columns there would be null for half the rows.
 */
export const warehouseAddresses = pgTable('warehouse_addresses', {
  stockLocationId: uuid()
    .primaryKey()
    .references(() => stockLocations.id),
  ...addressColumns(),
  /** Required by the schema; null only on rows from before warehouses had a contact. */
  contactPhone: text(),
  contactEmail: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { addressColumns } from '../addresses';
import { stockLocations } from './stock.tables';

/**
 * The street address of a platform warehouse (`/staff/warehouses`), one row per warehouse
 * stock location. Apart from `stock_locations` because own locations take theirs from the
 * address book, so the address columns there would be null for half the rows.
 */
export const warehouseAddresses = pgTable('warehouse_addresses', {
  stockLocationId: uuid()
    .primaryKey()
    .references(() => stockLocations.id),
  ...addressColumns(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

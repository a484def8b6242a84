import { EXIT_DESTINATION_KINDS, EXIT_STATUSES, type ShipmentParty } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';
import { stockLocations } from '../inventory/stock.tables';
import { productVariants } from '../products/products.tables';
import { shipments } from '../shipments/shipments.tables';

/**
 * Warehouse exits (`products/outs`): stock leaving a platform warehouse. The number is
 * consecutive per organization (unique, taken under the organization's advisory lock); the
 * destination is kept as it was when the exit was created, with the record it came from.
 * Stock moves only through the ledger, with the exit as its cause.
 */
export const exits = pgTable(
  'exits',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    number: integer().notNull(),
    status: text({ enum: EXIT_STATUSES }).notNull().default('created'),
    warehouseId: uuid()
      .notNull()
      .references(() => stockLocations.id),
    destinationKind: text({ enum: EXIT_DESTINATION_KINDS }).notNull(),
    /** The customer and address, or the address-book location, the destination came from. */
    destinationRef: jsonb().$type<Record<string, string>>().notNull(),
    destinationName: text().notNull(),
    destination: jsonb().$type<ShipmentParty>().notNull(),
    reference: text(),
    notes: text(),
    shipmentId: uuid().references(() => shipments.id),
    trackingNumber: text(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    processingAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('exits_organization_number_unique').on(table.organizationId, table.number),
    uniqueIndex('exits_organization_id_unique').on(table.organizationId, table.id),
    index('exits_organization_list').on(table.organizationId, table.createdAt.desc()),
    index('exits_dispatch_queue').on(table.status, table.warehouseId, table.processingAt),
    check(
      'exits_status_check',
      sql`${table.status} in ('created', 'processing', 'shipped', 'cancelled')`,
    ),
    check(
      'exits_shipped_guide_check',
      sql`${table.status} <> 'shipped' or ${table.shipmentId} is not null`,
    ),
  ],
);

/** An exit's products, with what the pick list and the waybill need as they were. */
export const exitLines = pgTable(
  'exit_lines',
  {
    organizationId: uuid().notNull(),
    exitId: uuid().notNull(),
    variantId: uuid().notNull(),
    position: integer().notNull(),
    quantity: integer().notNull(),
    productName: text().notNull(),
    variantTitle: text(),
    sku: text(),
    barcode: text(),
    satProductCode: text(),
    satUnitCode: text(),
    /** Centavos: the variant's price, the waybill's unit value. */
    unitValue: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.exitId, table.variantId] }),
    foreignKey({
      columns: [table.organizationId, table.exitId],
      foreignColumns: [exits.organizationId, exits.id],
      name: 'exit_lines_exit_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.variantId],
      foreignColumns: [productVariants.organizationId, productVariants.id],
      name: 'exit_lines_variant_fk',
    }),
    check('exit_lines_quantity_check', sql`${table.quantity} >= 0`),
  ],
);

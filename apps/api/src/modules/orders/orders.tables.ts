import {
  BULK_ITEM_STATES,
  BULK_STATES,
  FULFILLMENT_STATES,
  ORDER_FULFILLMENT_STATES,
  ORDER_PAYMENT_STATES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  PUSH_STATES,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';
import { stockLocations } from '../inventory/stock.tables';
import { shipments } from '../shipments/shipments.tables';

/** A shipping address as the order keeps it (checked against SEPOMEX into `address_issues`). */
export interface OrderAddress {
  contact_name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  street: string;
  external_number: string;
  internal_number: string | null;
  reference: string | null;
  neighborhood: string;
  city: string;
  municipality: string;
  state: string;
  zip: string;
  country: string;
}

/**
 * Orders (issue 22): synced from a store (unique by store and the platform's id, converging by
 * the platform's `updated_at`) or typed here (`M-000001`, numbered per organization under its
 * advisory lock). `fulfillment_state` is derived from the lines and kept in the row for the
 * list; `stock_seq` numbers the order's stock moves so each has a key of its own.
 * `store_id` names a row of the stores module (no foreign key: that module is built apart).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    storeId: uuid(),
    source: text({ enum: ORDER_SOURCES }).notNull(),
    externalId: text(),
    number: text().notNull(),
    placedAt: timestamp({ withTimezone: true }).notNull(),
    externalUpdatedAt: timestamp({ withTimezone: true }),
    status: text({ enum: ORDER_STATUSES }).notNull().default('open'),
    paymentState: text({ enum: ORDER_PAYMENT_STATES }).notNull(),
    fulfillmentState: text({ enum: ORDER_FULFILLMENT_STATES }).notNull().default('unfulfilled'),
    customerId: uuid(),
    customerName: text(),
    customerEmail: text(),
    customerPhone: text(),
    shippingAddress: jsonb().$type<OrderAddress>(),
    addressIssues: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The stock location its units are reserved at; null when none keeps stock. */
    locationId: uuid().references(() => stockLocations.id),
    currency: text().notNull().default('MXN'),
    total: bigint({ mode: 'number' }).notNull(),
    shippingPrice: bigint({ mode: 'number' }).notNull().default(0),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    note: text(),
    shippedByPlatform: boolean().notNull().default(false),
    fulfilmentTarget: jsonb().$type<Record<string, unknown>>(),
    /** Unmapped lines, for the list's flags without reading them. */
    unmappedLines: integer().notNull().default(0),
    items: integer().notNull().default(0),
    stockSeq: integer().notNull().default(0),
    /** Lower-cased number, customer and SKUs: the list's search. */
    searchText: text().notNull().default(''),
    idempotencyKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_organization_id_unique').on(table.organizationId, table.id),
    uniqueIndex('orders_store_external_unique').on(table.storeId, table.externalId),
    uniqueIndex('orders_manual_key_unique')
      .on(table.organizationId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('orders_list').on(table.organizationId, table.placedAt.desc(), table.id),
    index('orders_list_state').on(
      table.organizationId,
      table.status,
      table.fulfillmentState,
      table.placedAt.desc(),
    ),
    index('orders_list_store').on(table.organizationId, table.storeId, table.placedAt.desc()),
    index('orders_tags').using('gin', table.tags),
    index('orders_search').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('orders_manual_check', sql`(${table.storeId} is null) = (${table.source} = 'manual')`),
  ],
);

/** An order's lines; `variant_id` null = unmapped (nothing reserved). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    orderId: uuid().notNull(),
    position: integer().notNull(),
    externalId: text(),
    sku: text(),
    title: text().notNull(),
    quantity: integer().notNull(),
    fulfilledQuantity: integer().notNull().default(0),
    reservedQuantity: integer().notNull().default(0),
    unitPrice: bigint({ mode: 'number' }).notNull(),
    variantId: uuid(),
    productId: uuid(),
  },
  (table) => [
    index('order_lines_order').on(table.orderId, table.position),
    index('order_lines_sku').on(table.organizationId, table.sku),
    foreignKey({
      columns: [table.organizationId, table.orderId],
      foreignColumns: [orders.organizationId, orders.id],
      name: 'order_lines_order_fk',
    }).onDelete('cascade'),
    check(
      'order_lines_quantities_check',
      sql`${table.quantity} >= 0 and ${table.fulfilledQuantity} >= 0 and ${table.reservedQuantity} >= 0`,
    ),
  ],
);

/** A fulfilment: the lines it sends, its guide and the push of its tracking to the store. */
export const orderFulfillments = pgTable(
  'order_fulfillments',
  {
    id: uuid().primaryKey(),
    organizationId: uuid().notNull(),
    orderId: uuid().notNull(),
    state: text({ enum: FULFILLMENT_STATES }).notNull(),
    lines: jsonb().$type<{ line_id: string; quantity: number }[]>().notNull(),
    shipmentId: uuid().references(() => shipments.id),
    trackingNumber: text(),
    carrier: text(),
    service: text(),
    total: bigint({ mode: 'number' }),
    error: text(),
    pushState: text({ enum: PUSH_STATES }).notNull(),
    pushAttempts: integer().notNull().default(0),
    pushLastError: text(),
    pushedAt: timestamp({ withTimezone: true }),
    pushNextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('order_fulfillments_order').on(table.orderId, table.createdAt),
    uniqueIndex('order_fulfillments_organization_id_unique').on(table.organizationId, table.id),
    foreignKey({
      columns: [table.organizationId, table.orderId],
      foreignColumns: [orders.organizationId, orders.id],
      name: 'order_fulfillments_order_fk',
    }),
  ],
);

/** The order's history: synced changes, fulfilments, pushes and their results, as text codes. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    orderId: uuid().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    code: text().notNull(),
    values: jsonb().$type<Record<string, string | number | null>>().notNull(),
  },
  (table) => [
    index('order_events_order').on(table.orderId, table.at.desc()),
    foreignKey({
      columns: [table.organizationId, table.orderId],
      foreignColumns: [orders.organizationId, orders.id],
      name: 'order_events_order_fk',
    }).onDelete('cascade'),
  ],
);

/** A store's SKU linked by hand to a variant: the store's next lines with it link themselves. */
export const orderSkuLinks = pgTable(
  'order_sku_links',
  {
    organizationId: uuid().notNull(),
    storeId: uuid().notNull(),
    sku: text().notNull(),
    variantId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('order_sku_links_unique').on(table.organizationId, table.storeId, table.sku),
  ],
);

/** A bulk label run over up to 500 orders, and each order's result. */
export const orderBulkRuns = pgTable(
  'order_bulk_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    state: text({ enum: BULK_STATES }).notNull(),
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text().notNull(),
    userId: uuid().notNull(),
    /** The process whose job drives the run (platform/instance.ts): a dead one's run resumes. */
    instance: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_bulk_runs_organization_id_unique').on(table.organizationId, table.id),
    uniqueIndex('order_bulk_runs_key_unique').on(table.organizationId, table.idempotencyKey),
    uniqueIndex('order_bulk_runs_one_running')
      .on(table.organizationId)
      .where(sql`${table.state} = 'running'`),
  ],
);

export const orderBulkItems = pgTable(
  'order_bulk_items',
  {
    organizationId: uuid().notNull(),
    runId: uuid().notNull(),
    position: integer().notNull(),
    orderId: uuid().notNull(),
    state: text({ enum: BULK_ITEM_STATES }).notNull().default('pending'),
    shipmentId: uuid(),
    trackingNumber: text(),
    charged: bigint({ mode: 'number' }).notNull().default(0),
    error: text(),
  },
  (table) => [
    uniqueIndex('order_bulk_items_pk').on(table.runId, table.position),
    foreignKey({
      columns: [table.organizationId, table.runId],
      foreignColumns: [orderBulkRuns.organizationId, orderBulkRuns.id],
      name: 'order_bulk_items_run_fk',
    }).onDelete('cascade'),
  ],
);

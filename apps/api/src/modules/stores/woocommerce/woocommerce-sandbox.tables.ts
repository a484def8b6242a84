import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { WooNote, WooOrder, WooTracking } from './woocommerce-sandbox.types';
import type { SandboxChaos } from '../store-sandbox-deliveries';

/**
 * The WooCommerce sandbox store's own records (issue 22): what a merchant's WordPress site keeps
 * for its shop, so a connected sandbox store (the demo's) survives a restart. Nothing but the
 * sandbox reads them; the stores and orders modules see them only through the REST wire format.
 */

/** WordPress's post and comment ids (orders, line items, notes, meta, webhooks). */
export const sandboxWooIds = pgSequence('sandbox_woocommerce_ids', { startWith: 100 });

export const sandboxWooSites = pgTable('sandbox_woocommerce_sites', {
  slug: text().primaryKey(),
  name: text().notNull(),
  /** The site's REST API key pair (WooCommerce → Settings → Advanced → REST API). */
  consumerKey: text().notNull().unique(),
  consumerSecret: text().notNull(),
  /** Whether the Shipment Tracking extension is active. */
  shipmentTracking: boolean().notNull().default(false),
  chaos: jsonb().$type<SandboxChaos>().notNull(),
  /** Deliveries drawn against the chaos switches so far: the seed's next draw. */
  chaosDraws: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const sandboxWooOrders = pgTable(
  'sandbox_woocommerce_orders',
  {
    site: text()
      .notNull()
      .references(() => sandboxWooSites.slug, { onDelete: 'cascade' }),
    id: bigint({ mode: 'number' }).notNull(),
    /** Copied out of `order` for `GET /orders`' filter and order. */
    status: text().notNull(),
    dateModifiedGmt: text().notNull(),
    /** The order as the REST API answers it. */
    order: jsonb().$type<WooOrder>().notNull(),
    notes: jsonb().$type<WooNote[]>().notNull().default([]),
    /** The Shipment Tracking extension's items. */
    trackings: jsonb().$type<WooTracking[]>().notNull().default([]),
  },
  (table) => [
    primaryKey({ columns: [table.site, table.id] }),
    index('sandbox_woocommerce_orders_modified').on(table.site, table.dateModifiedGmt, table.id),
  ],
);

export const sandboxWooWebhooks = pgTable(
  'sandbox_woocommerce_webhooks',
  {
    site: text()
      .notNull()
      .references(() => sandboxWooSites.slug, { onDelete: 'cascade' }),
    id: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    /** active, paused, disabled (five failed deliveries in a row). */
    status: text().$type<'active' | 'paused' | 'disabled'>().notNull(),
    topic: text().notNull(),
    deliveryUrl: text().notNull(),
    secret: text().notNull(),
    apiVersion: text().notNull(),
    failureCount: integer().notNull().default(0),
    dateCreatedGmt: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.site, table.id] })],
);

export const sandboxWooDeliveries = pgTable(
  'sandbox_woocommerce_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    site: text()
      .notNull()
      .references(() => sandboxWooSites.slug, { onDelete: 'cascade' }),
    webhookId: bigint({ mode: 'number' }).notNull(),
    /** X-WC-Webhook-Delivery-ID. */
    deliveryId: text().notNull(),
    body: text().notNull(),
    /** pending, sending (claimed by one sender), dropped (chaos). Sent ones are deleted. */
    state: text().notNull(),
    dueAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('sandbox_woocommerce_deliveries_due').on(table.state, table.dueAt)],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  real,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { SandboxChaos } from '../store-sandbox-deliveries';

/**
 * The Shopify sandbox store's own records (issue 22): what Shopify keeps on its servers for the
 * shops a merchant connects in sandbox mode. Nothing but the sandbox reads them; the stores and
 * orders modules see them only through the wire format, as they would see Shopify.
 */

/** Shopify's numeric ids (orders, line items, fulfillment orders, fulfilments, locations…). */
export const sandboxShopifyIds = pgSequence('sandbox_shopify_ids', { startWith: 1001 });

export const sandboxShopifyShops = pgTable('sandbox_shopify_shops', {
  /** `tienda.myshopify.com`. */
  domain: text().primaryKey(),
  id: bigint({ mode: 'number' }).notNull(),
  name: text().notNull(),
  /** `[{ id, name }]`: the merchant's locations, each its own fulfillment orders. */
  locations: jsonb().$type<{ id: number; name: string }[]>().notNull(),
  chaos: jsonb().$type<SandboxChaos>().notNull(),
  /** Deliveries drawn against the chaos switches so far: the seed's next draw. */
  chaosDraws: integer().notNull().default(0),
  /** The cost bucket (leaky bucket): its size, refill per second, and level when last read. */
  bucketMax: real().notNull(),
  bucketRestoreRate: real().notNull(),
  bucketAvailable: real().notNull(),
  bucketAt: timestamp({ withTimezone: true }).notNull(),
  orderNumber: integer().notNull().default(1000),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export interface SandboxLine {
  id: number;
  sku: string | null;
  title: string;
  quantity: number;
  /** Centavos. */
  price: number;
  locationId: number;
}

export interface SandboxFulfillmentOrder {
  id: number;
  locationId: number;
  /** OPEN, IN_PROGRESS, ON_HOLD, CLOSED, CANCELLED. */
  status: string;
  holds: string[];
  lines: { id: number; lineItemId: number; total: number; remaining: number }[];
}

export interface SandboxFulfillment {
  id: number;
  createdAt: string;
  tracking: { number: string | null; company: string | null; url: string | null };
  lines: { fulfillmentOrderId: number; lineItemId: number; quantity: number }[];
}

export interface SandboxAddress {
  name: string;
  phone: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  zip: string;
  countryCode: string;
}

export const sandboxShopifyOrders = pgTable(
  'sandbox_shopify_orders',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    shop: text()
      .notNull()
      .references(() => sandboxShopifyShops.domain, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text(),
    phone: text(),
    shippingAddress: jsonb().$type<SandboxAddress | null>(),
    tags: text().array().notNull(),
    /** PENDING, PAID, PARTIALLY_REFUNDED, REFUNDED… (displayFinancialStatus). */
    financialStatus: text().notNull(),
    currency: text().notNull(),
    lines: jsonb().$type<SandboxLine[]>().notNull(),
    fulfillmentOrders: jsonb().$type<SandboxFulfillmentOrder[]>().notNull(),
    fulfillments: jsonb().$type<SandboxFulfillment[]>().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    cancelledAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (table) => [index('sandbox_shopify_orders_updated').on(table.shop, table.updatedAt, table.id)],
);

/** Authorization codes the consent screen issued: single use, valid 10 minutes. */
export const sandboxShopifyCodes = pgTable('sandbox_shopify_codes', {
  code: text().primaryKey(),
  shop: text()
    .notNull()
    .references(() => sandboxShopifyShops.domain, { onDelete: 'cascade' }),
  clientId: text().notNull(),
  scopes: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/** Offline access tokens (`shpat_…`), one per grant. */
export const sandboxShopifyTokens = pgTable('sandbox_shopify_tokens', {
  token: text().primaryKey(),
  shop: text()
    .notNull()
    .references(() => sandboxShopifyShops.domain, { onDelete: 'cascade' }),
  scopes: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const sandboxShopifyWebhooks = pgTable(
  'sandbox_shopify_webhooks',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    shop: text()
      .notNull()
      .references(() => sandboxShopifyShops.domain, { onDelete: 'cascade' }),
    /** `orders/create`, as the X-Shopify-Topic header names it. */
    topic: text().notNull(),
    uri: text().notNull(),
    apiVersion: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [unique('sandbox_shopify_webhooks_once').on(table.shop, table.topic, table.uri)],
);

/**
 * Each delivery of a webhook event to one URI, with Shopify's retry schedule (8 retries over
 * 4 hours). A chaos duplicate is a second row with the same event id.
 */
export const sandboxShopifyDeliveries = pgTable(
  'sandbox_shopify_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    shop: text()
      .notNull()
      .references(() => sandboxShopifyShops.domain, { onDelete: 'cascade' }),
    eventId: text().notNull(),
    webhookId: text().notNull(),
    topic: text().notNull(),
    uri: text().notNull(),
    apiVersion: text().notNull(),
    body: text().notNull(),
    triggeredAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** pending, delivered, failed (retries spent), dropped (chaos). */
    state: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    lastStatus: integer(),
    deliveredAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('sandbox_shopify_deliveries_due').on(table.state, table.nextAttemptAt),
    check(
      'sandbox_shopify_deliveries_state',
      sql`${table.state} in ('pending', 'delivered', 'failed', 'dropped')`,
    ),
  ],
);

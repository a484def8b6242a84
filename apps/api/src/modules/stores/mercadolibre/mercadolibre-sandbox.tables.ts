import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { SandboxChaos } from '../store-sandbox-deliveries';
import type { MlNotification, MlOrder, MlShipment } from './mercadolibre-wire';

/**
 * The Mercado Libre sandbox's own records (issue 22): what Mercado Libre keeps for the sellers
 * a merchant connects in sandbox mode, so a restart keeps a connected store working. Nothing
 * but the sandbox reads them; the stores and orders modules see them only over the wire.
 */

/** Mercado Libre's numeric ids (sellers, orders, packs, shipments). */
export const sandboxMercadoLibreIds = pgSequence('sandbox_mercadolibre_ids', {
  startWith: 2_000_000_001,
});

export const sandboxMercadoLibreSellers = pgTable('sandbox_mercadolibre_sellers', {
  id: bigint({ mode: 'number' }).primaryKey(),
  nickname: text().notNull(),
  chaos: jsonb().$type<SandboxChaos>().notNull(),
  /** Notifications drawn against the chaos switches so far: the seed's next draw. */
  chaosDraws: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
});

const seller = () =>
  bigint({ mode: 'number' })
    .notNull()
    .references(() => sandboxMercadoLibreSellers.id, { onDelete: 'cascade' });

/** Authorization codes the consent screen issued: single use, valid 10 minutes. */
export const sandboxMercadoLibreCodes = pgTable('sandbox_mercadolibre_codes', {
  code: text().primaryKey(),
  sellerId: seller(),
  redirectUri: text().notNull(),
  expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
});

/**
 * Access tokens (6 hours) and refresh tokens (single use: `spent_at` set by the one grant
 * that used it, in one statement, so two processes never both spend it).
 */
export const sandboxMercadoLibreTokens = pgTable(
  'sandbox_mercadolibre_tokens',
  {
    token: text().primaryKey(),
    kind: text().notNull(),
    sellerId: seller(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }),
    spentAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('sandbox_mercadolibre_tokens_seller').on(table.sellerId),
    check('sandbox_mercadolibre_tokens_kind', sql`${table.kind} in ('access', 'refresh')`),
  ],
);

/** What an order holds that never changes after the purchase, in the wire's terms. */
export type SandboxMlOrderBody = Pick<
  MlOrder,
  'order_items' | 'total_amount' | 'currency_id' | 'buyer'
>;

export const sandboxMercadoLibreOrders = pgTable(
  'sandbox_mercadolibre_orders',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    sellerId: seller(),
    packId: bigint({ mode: 'number' }),
    shipmentId: bigint({ mode: 'number' }),
    status: text().notNull(),
    /** Pesos, as the wire says them. */
    paidAmount: doublePrecision().notNull(),
    tags: text().array().notNull(),
    body: jsonb().$type<SandboxMlOrderBody>().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    index('sandbox_mercadolibre_orders_updated').on(table.sellerId, table.updatedAt),
    index('sandbox_mercadolibre_orders_pack').on(table.packId),
  ],
);

/** A cart bought at once: one order per line, one shipment for all. */
export const sandboxMercadoLibrePacks = pgTable('sandbox_mercadolibre_packs', {
  id: bigint({ mode: 'number' }).primaryKey(),
  sellerId: seller(),
  status: text().notNull(),
  orderIds: bigint({ mode: 'number' }).array().notNull(),
  shipmentId: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
});

export const sandboxMercadoLibreShipments = pgTable('sandbox_mercadolibre_shipments', {
  id: bigint({ mode: 'number' }).primaryKey(),
  sellerId: seller(),
  /** The orders it carries, the first one being the wire's `order_id`. */
  orderIds: bigint({ mode: 'number' }).array().notNull(),
  mode: text().$type<MlShipment['mode']>().notNull(),
  status: text().notNull(),
  trackingNumber: text(),
  trackingMethod: text(),
  receiverAddress: jsonb().$type<MlShipment['receiver_address']>(),
});

/**
 * Each send of a notification to the app's URL. A chaos duplicate is a second row with the
 * same notification; a dropped one is `missed` from the start, never sent.
 */
export const sandboxMercadoLibreSends = pgTable(
  'sandbox_mercadolibre_sends',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sellerId: seller(),
    notificationId: text().notNull(),
    notification: jsonb().$type<MlNotification>().notNull(),
    dueAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** Sends made (a dropped one never is). */
    attempts: integer().notNull().default(0),
    state: text().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    index('sandbox_mercadolibre_sends_due').on(table.state, table.dueAt),
    index('sandbox_mercadolibre_sends_notification').on(table.notificationId),
    check(
      'sandbox_mercadolibre_sends_state',
      sql`${table.state} in ('pending', 'delivered', 'missed')`,
    ),
  ],
);

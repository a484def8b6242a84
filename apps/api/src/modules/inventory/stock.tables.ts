import { STOCK_LOCATION_KINDS } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';
import { locations } from '../addresses/locations.tables';
import { productVariants } from '../products/products.tables';

/**
 * Where stock is kept: the platform's warehouses (fulfilment centres staff operate; no
 * organization, every merchant may keep stock there) and the merchant's own locations of the
 * address book that they mark as keeping stock (`own`, one row per address-book location).
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: STOCK_LOCATION_KINDS }).notNull(),
    organizationId: uuid().references(() => organizations.id),
    locationId: uuid().references(() => locations.id),
    /** A warehouse's short code ("CEDIS-MEX"); own locations show their alias. */
    code: text(),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('stock_locations_location_unique').on(table.locationId),
    uniqueIndex('stock_locations_code_unique').on(table.code),
    check(
      'stock_locations_owner_check',
      sql`(${table.kind} = 'warehouse' and ${table.organizationId} is null and ${table.locationId} is null and ${table.code} is not null)
       or (${table.kind} = 'own' and ${table.organizationId} is not null and ${table.locationId} is not null)`,
    ),
  ],
);

/**
 * What an organization holds of a variant at a location. Only `stock_apply`
 * (stock.functions.sql) writes it, in the transaction that appends the movements; the checks
 * make a negative bucket, or more reserved than on hand, impossible whatever runs.
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    variantId: uuid().notNull(),
    locationId: uuid()
      .notNull()
      .references(() => stockLocations.id),
    onHand: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    incoming: integer().notNull().default(0),
    notSellable: integer().notNull().default(0),
    available: integer().generatedAlwaysAs(sql`on_hand - reserved`),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.variantId, table.locationId] }),
    foreignKey({
      columns: [table.organizationId, table.variantId],
      foreignColumns: [productVariants.organizationId, productVariants.id],
      name: 'stock_balances_variant_fk',
    }),
    index('stock_balances_location').on(table.organizationId, table.locationId),
    check(
      'stock_balances_buckets_check',
      sql`${table.onHand} >= 0 and ${table.reserved} >= 0 and ${table.incoming} >= 0 and ${table.notSellable} >= 0`,
    ),
    check('stock_balances_reserved_check', sql`${table.reserved} <= ${table.onHand}`),
  ],
);

/**
 * One change of stock: its kind, why, what caused it (`cause_type` + `cause_id`: an entry, an
 * exit, a shipment…), who and when, under an idempotency key unique per organization (the same
 * operation sent twice is applied once). Append-only, as its movements.
 *
 * Written on every reservation, so kept lean (decision 039): ids in time order (UUIDv7: new
 * entries at the index's right edge instead of a random page each); no foreign key to the
 * organization, whose one row every concurrent operation of a merchant would lock (a MultiXact
 * each): its balances and movements carry it, checked by their keys; no index by cause, which
 * only the invariant checks read (by the key, which is made of the cause).
 */
export const stockOperations = pgTable(
  'stock_operations',
  {
    organizationId: uuid().notNull(),
    id: uuid()
      .primaryKey()
      .default(sql`uuidv7()`),
    idempotencyKey: text().notNull(),
    /** md5 of the kind and the summed lines: a key sent again with other lines is refused. */
    requestHash: text().notNull(),
    kind: text().notNull(),
    causeType: text().notNull(),
    causeId: text().notNull(),
    reason: text(),
    actorId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('stock_operations_key_unique').on(table.organizationId, table.idempotencyKey),
  ],
);

/**
 * The deltas an operation applied to one balance. Append-only. Written only by `stock_apply`,
 * right after its operation and its balance, neither ever deleted: no foreign keys, whose checks
 * were a fifth of a reservation's cost (decision 039); `stock:verify` checks both relations.
 * Keyed by its operation first: the one index serves the key and the reads by operation.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    organizationId: uuid().notNull(),
    operationId: uuid().notNull(),
    variantId: uuid().notNull(),
    locationId: uuid().notNull(),
    onHand: integer().notNull(),
    reserved: integer().notNull(),
    incoming: integer().notNull(),
    notSellable: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('stock_movements_history').on(
      table.organizationId,
      table.variantId,
      table.createdAt.desc(),
    ),
    primaryKey({ columns: [table.operationId, table.id] }),
  ],
);

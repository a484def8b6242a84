import { ENTRY_INCIDENT_KINDS, ENTRY_STATUSES } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';
import { stockLocations } from '../inventory/stock.tables';
import { productVariants } from '../products/products.tables';

/** The last entry number each organization used: a row lock makes numbering race-free. */
export const entryCounters = pgTable('entry_counters', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id),
  lastNumber: integer().notNull(),
});

/** Goods a merchant announced to a platform warehouse (issue 15). */
export const entries = pgTable(
  'entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    number: integer().notNull(),
    reference: text(),
    warehouseId: uuid()
      .notNull()
      .references(() => stockLocations.id),
    expectedDate: date({ mode: 'string' }).notNull(),
    carrier: text(),
    trackingNumber: text(),
    status: text({ enum: ENTRY_STATUSES }).notNull(),
    closedShort: boolean().notNull().default(false),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('entries_number_unique').on(table.organizationId, table.number),
    unique('entries_org_id_unique').on(table.organizationId, table.id),
    index('entries_list').on(table.organizationId, table.createdAt.desc()),
    index('entries_queue').on(table.status, table.warehouseId, table.expectedDate),
  ],
);

/** A variant announced in an entry and what happened to its units. */
export const entryLines = pgTable(
  'entry_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    entryId: uuid().notNull(),
    variantId: uuid().notNull(),
    position: integer().notNull(),
    expected: integer().notNull(),
    received: integer().notNull().default(0),
    /** Units of the line now in on hand. */
    accepted: integer().notNull().default(0),
    /** Units of the line under review or damaged. */
    notSellable: integer().notNull().default(0),
  },
  (table) => [
    foreignKey({
      columns: [table.organizationId, table.entryId],
      foreignColumns: [entries.organizationId, entries.id],
      name: 'entry_lines_entry_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.variantId],
      foreignColumns: [productVariants.organizationId, productVariants.id],
      name: 'entry_lines_variant_fk',
    }),
    uniqueIndex('entry_lines_variant_unique').on(table.entryId, table.variantId),
    check(
      'entry_lines_counts_check',
      sql`${table.expected} > 0 and ${table.received} >= 0 and ${table.accepted} >= 0 and ${table.notSellable} >= 0 and ${table.accepted} + ${table.notSellable} = ${table.received}`,
    ),
  ],
);

/** Something staff found while receiving a line, and the merchant's answer. */
export const entryIncidents = pgTable(
  'entry_incidents',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    entryId: uuid().notNull(),
    lineId: uuid()
      .notNull()
      .references(() => entryLines.id),
    kind: text({ enum: ENTRY_INCIDENT_KINDS }).notNull(),
    quantity: integer(),
    note: text(),
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    answeredBy: uuid(),
    resolvedAt: timestamp({ withTimezone: true }),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.organizationId, table.entryId],
      foreignColumns: [entries.organizationId, entries.id],
      name: 'entry_incidents_entry_fk',
    }),
    index('entry_incidents_entry').on(table.entryId),
  ],
);

/** An incident photo: a WebP and its thumbnail, uploaded first and then named by an incident. */
export const entryPhotos = pgTable(
  'entry_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    entryId: uuid().notNull(),
    incidentId: uuid().references(() => entryIncidents.id),
    /** Stored files of the organization (platform/files), as product images keep theirs. */
    fileId: uuid().notNull(),
    thumbnailFileId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.organizationId, table.entryId],
      foreignColumns: [entries.organizationId, entries.id],
      name: 'entry_photos_entry_fk',
    }),
    index('entry_photos_entry').on(table.entryId),
    // The hourly sweep of photos no incident named.
    index('entry_photos_unclaimed')
      .on(table.createdAt)
      .where(sql`${table.incidentId} is null`),
  ],
);

/**
 * Each count or reclassification staff made, under the client's Idempotency-Key: the same key
 * again finds this row and counts nothing.
 */
export const entryReceipts = pgTable(
  'entry_receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    entryId: uuid().notNull(),
    lineId: uuid()
      .notNull()
      .references(() => entryLines.id),
    idempotencyKey: text().notNull(),
    /** receive:accepted, receive:not_sellable, reclassify:accept or reclassify:set_apart. */
    action: text().notNull(),
    quantity: integer().notNull(),
    operationId: uuid().notNull(),
    actorId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.organizationId, table.entryId],
      foreignColumns: [entries.organizationId, entries.id],
      name: 'entry_receipts_entry_fk',
    }),
    uniqueIndex('entry_receipts_key_unique').on(table.entryId, table.idempotencyKey),
  ],
);

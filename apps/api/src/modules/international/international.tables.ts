import {
  T1_CURRENCIES,
  T1_CUSTOMS_STATUSES,
  T1_DIRECTIONS,
  T1_INCOTERMS,
  T1_REASONS,
  T1_RESTRICTION_AUTHORITIES,
  T1_RESTRICTION_KINDS,
  T1_RESTRICTION_SCOPES,
  type ForeignAddressView,
  type QuoteParcel,
  type T1Duties,
  type T1LineView,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { tenantKeys, users } from '../accounts/accounts.tables';
import { quotes } from '../shipments/quotes.tables';
import { shipments } from '../shipments/shipments.tables';

/** A line as kept: its view, and the Carta Porte keys the guide's goods take from the product. */
export type StoredLine = T1LineView & { sat_product_code: string; sat_unit_code: string };

/**
 * An international courier shipment's declaration (issue 25, T1), from its quote: the side
 * abroad, the commercial invoice lines as checked, incoterm, reason, tax ID, and the duties
 * estimate with its basis. `shippingQuoteId` is the shipments module's quote of its rates;
 * once a guide is bought from it, `shipmentId` names that guide, which carries the label,
 * tracking and cancellation. The customs status is this domain's.
 */
export const t1Declarations = pgTable(
  't1_declarations',
  {
    ...tenantKeys(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    direction: text({ enum: T1_DIRECTIONS }).notNull(),
    /** The organization's location: the shipper on an export, the recipient on an import. */
    locationId: uuid().notNull(),
    abroad: jsonb().$type<ForeignAddressView>().notNull(),
    currency: text({ enum: T1_CURRENCIES }).notNull(),
    lines: jsonb().$type<StoredLine[]>().notNull(),
    /** The parcels as quoted, in centimetres and kilograms. */
    parcels: jsonb().$type<QuoteParcel[]>().notNull(),
    invoiceTotalCents: integer().notNull(),
    incoterm: text({ enum: T1_INCOTERMS }).notNull(),
    reason: text({ enum: T1_REASONS }).notNull(),
    reasonDetail: text(),
    recipientTaxId: text(),
    reference: text(),
    /** The estimate as shown before paying, with its basis (band, rate, exchange rate, day). */
    duties: jsonb().$type<T1Duties>().notNull(),
    shippingQuoteId: uuid()
      .notNull()
      .references(() => quotes.id),
    shipmentId: uuid().references(() => shipments.id),
    /** The guide's number once bought, so the list searches it. */
    trackingNumber: text(),
    customsStatus: text({ enum: T1_CUSTOMS_STATUSES }).notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When the guide was bought (the list's order). */
    purchasedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('t1_declarations_shipment').on(table.shipmentId),
    uniqueIndex('t1_declarations_shipping_quote').on(table.shippingQuoteId),
    index('t1_declarations_list')
      .on(table.organizationId, table.purchasedAt.desc())
      .where(sql`${table.shipmentId} IS NOT NULL`),
    index('t1_declarations_staff_list')
      .on(table.purchasedAt.desc())
      .where(sql`${table.shipmentId} IS NOT NULL`),
  ],
);

/** Each move of a shipment's customs status: who (the sandbox or staff), when and why. */
export const t1CustomsEvents = pgTable(
  't1_customs_events',
  {
    ...tenantKeys(),
    declarationId: uuid().notNull(),
    status: text({ enum: T1_CUSTOMS_STATUSES }).notNull(),
    note: text(),
    actor: text({ enum: ['system', 'staff'] }).notNull(),
    staffUserId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('t1_customs_events_declaration').on(table.organizationId, table.declarationId, table.at),
  ],
);

/**
 * The duty bands of the courier path, staff-maintained (never constants in code): per
 * direction and country (`*` any other), a value range of the consignment in USD cents and a
 * rate in basis points, in force between two dates, with the source they come from.
 */
export const t1DutyRates = pgTable(
  't1_duty_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    direction: text({ enum: T1_DIRECTIONS }).notNull(),
    country: text().notNull(),
    minValueUsdCents: integer().notNull(),
    maxValueUsdCents: integer(),
    rateBasisPoints: integer().notNull(),
    label: text().notNull(),
    source: text().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    updatedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('t1_duty_rates_version').on(
      table.direction,
      table.country,
      table.minValueUsdCents,
      table.effectiveFrom,
    ),
    check('t1_duty_rates_rate', sql`${table.rateBasisPoints} BETWEEN 0 AND 10000`),
    check(
      't1_duty_rates_range',
      sql`${table.minValueUsdCents} >= 0 AND (${table.maxValueUsdCents} IS NULL OR ${table.maxValueUsdCents} >= ${table.minValueUsdCents})`,
    ),
    check(
      't1_duty_rates_dates',
      sql`${table.effectiveTo} IS NULL OR ${table.effectiveTo} >= ${table.effectiveFrom}`,
    ),
  ],
);

/** USD→MXN, in ten-thousandths of a peso per dollar, from a day until the next row's. */
export const t1ExchangeRates = pgTable(
  't1_exchange_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    usdMxn: integer().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull().unique('t1_exchange_rates_day'),
    source: text().notNull(),
    updatedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('t1_exchange_rates_positive', sql`${table.usdMxn} > 0`)],
);

/**
 * Non-tariff restrictions per 8-digit fracción (permits, NOMs), staff-maintained with their
 * dates: a fracción with one in force for the direction cannot travel by courier.
 */
export const t1Restrictions = pgTable(
  't1_restrictions',
  {
    id: uuid().primaryKey().defaultRandom(),
    fraction: text().notNull(),
    scope: text({ enum: T1_RESTRICTION_SCOPES }).notNull(),
    authority: text({ enum: T1_RESTRICTION_AUTHORITIES }).notNull(),
    kind: text({ enum: T1_RESTRICTION_KINDS }).notNull(),
    code: text().notNull(),
    description: text().notNull(),
    source: text().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    updatedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('t1_restrictions_version').on(
      table.fraction,
      table.authority,
      table.code,
      table.effectiveFrom,
    ),
    check('t1_restrictions_fraction', sql`${table.fraction} ~ '^[0-9]{8}$'`),
    check(
      't1_restrictions_dates',
      sql`${table.effectiveTo} IS NULL OR ${table.effectiveTo} >= ${table.effectiveFrom}`,
    ),
  ],
);

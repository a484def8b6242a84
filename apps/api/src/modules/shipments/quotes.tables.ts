import type {
  CarrierKey,
  QuoteParcel,
  QuoteStatus,
  RateView,
  UnavailableReason,
} from '@despacho/domain';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';

/**
 * A quote: what was asked (zips, parcels in cm and kg) and every rate the enabled
 * carriers answered, kept so a purchase charges the price the merchant saw and never a price the
 * browser sends. `status` follows spec §4: quote → in_process (a purchase is under way) →
 * completed (a guide was bought from it). Quotes expire (`expires_at`); a purchase after that
 * asks for a new one.
 */
export const quotes = pgTable(
  'quotes',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    id: uuid().primaryKey().defaultRandom(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    status: text().$type<QuoteStatus>().notNull().default('quote'),
    originZip: text().notNull(),
    destinationZip: text().notNull(),
    /** ISO alpha-2: a quote between Mexico and another country is international (issue 25). */
    originCountry: text().notNull().default('MX'),
    destinationCountry: text().notNull().default('MX'),
    parcels: jsonb().$type<QuoteParcel[]>().notNull(),
    rates: jsonb().$type<RateView[]>().notNull(),
    unavailable: jsonb()
      .$type<{ carrier_key: CarrierKey; reason_code: UnavailableReason }[]>()
      .notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('quotes_organization_created').on(table.organizationId, table.createdAt)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';
import { addressColumns } from '../addresses';

/**
 * The customers of an organization (`clients`): the people and companies it ships to.
 *
 * `search_text` is what the list search reads: name, last name, company, email, phone and the
 * zip of every address, lower case and without accents (`customerSearchText`), kept by the
 * service whenever the customer or its addresses change. A GIN trigram index answers
 * `LIKE '%term%'` on it without reading every row (decision 011). The sorts of the list are
 * served by btree indexes that lead with the organization; names and companies sort with the
 * Spanish ICU collation, so "Álvaro" comes before "Beatriz" and "ñ" after "n".
 */
export const customers = pgTable(
  'customers',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    lastName: text(),
    company: text(),
    email: text().notNull(),
    phone: text().notNull(),
    taxId: text(),
    isFavorite: boolean().notNull().default(false),
    searchText: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('customers_search_trgm').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // Sort `name` / `-name` (read forwards or backwards).
    index('customers_organization_name').on(
      table.organizationId,
      sql`${table.name} collate "es-x-icu"`,
      sql`${table.lastName} collate "es-x-icu"`,
      table.id,
    ),
    // Sort `company` / `-company`: customers without a company go last either way.
    index('customers_organization_company').on(
      table.organizationId,
      sql`${table.company} collate "es-x-icu" asc nulls last`,
      table.id,
    ),
    index('customers_organization_company_desc').on(
      table.organizationId,
      sql`${table.company} collate "es-x-icu" desc nulls last`,
      sql`${table.id} desc`,
    ),
    // Sort `created_at` / `-created_at` (the default).
    index('customers_organization_created').on(table.organizationId, table.createdAt, table.id),
    // The favorites filter, in the default order.
    index('customers_organization_favorites')
      .on(table.organizationId, table.createdAt, table.id)
      .where(sql`${table.isFavorite}`),
  ],
);

/**
 * How many customers each organization has, so the unfiltered list answers its total without
 * counting 100,000 index entries on every page. Kept by statement-level triggers on `customers`
 * (migration `customer-counts-triggers`), so every insert and delete counts, whoever runs it:
 * the service, a bulk load, an organization's cascade.
 */
export const customerCounts = pgTable('customer_counts', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  total: integer().notNull().default(0),
});

/**
 * A customer's addresses, with who receives the parcel there. Exactly one is the default: the
 * partial unique index holds at most one per customer, the service keeps at least one (a
 * customer always has an address). `position` keeps the order in which the merchant entered them.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    position: integer().notNull(),
    alias: text().notNull(),
    company: text(),
    contactName: text().notNull(),
    contactEmail: text(),
    contactPhone: text().notNull(),
    ...addressColumns(),
    isDefault: boolean().notNull().default(false),
  },
  (table) => [
    uniqueIndex('customer_addresses_one_default_per_customer')
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
    index('customer_addresses_customer').on(table.customerId, table.position),
  ],
);

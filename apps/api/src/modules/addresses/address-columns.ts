import type { AddressFields, AddressView } from '@despacho/domain';
import { text } from 'drizzle-orm/pg-core';
import type { locations } from './locations.tables';

/**
 * The address columns of spec §5, the same in every table that stores an address (locations,
 * customer addresses, vendors): spread `...addressColumns()` into the table's columns. A fresh
 * set of builders each call, so no two tables share a builder.
 */
export function addressColumns() {
  return {
    street: text().notNull(),
    externalNumber: text().notNull(),
    internalNumber: text(),
    reference: text(),
    neighborhood: text().notNull(),
    city: text().notNull(),
    municipality: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
    country: text().notNull().default('MX'),
  };
}

/** The address columns of a row, by their drizzle (camelCase) names; every such table agrees. */
export type AddressColumnValues = Pick<
  typeof locations.$inferSelect,
  keyof ReturnType<typeof addressColumns>
>;

/** The address fields of an API input, as the columns of `addressColumns` store them. */
export function addressValues(input: AddressFields): AddressColumnValues {
  return {
    street: input.street,
    externalNumber: input.external_number,
    internalNumber: input.internal_number ?? null,
    reference: input.reference ?? null,
    neighborhood: input.neighborhood,
    city: input.city,
    municipality: input.municipality,
    state: input.state,
    zip: input.zip,
    country: input.country,
  };
}

/** The address columns of a stored row, as the API answers them. */
export function addressView(row: AddressColumnValues): AddressView {
  return {
    street: row.street,
    external_number: row.externalNumber,
    internal_number: row.internalNumber,
    reference: row.reference,
    neighborhood: row.neighborhood,
    city: row.city,
    municipality: row.municipality,
    state: row.state,
    zip: row.zip,
    country: row.country,
  };
}

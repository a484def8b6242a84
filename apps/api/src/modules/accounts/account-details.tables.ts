import { TAX_PERSON_TYPES } from '@despacho/domain';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts.tables';

const organizationKey = () =>
  uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' });

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * The organization's tax information for CFDI 4.0: who the invoices Despacho issues it are made
 * out to. One row per organization; SAT catalogue keys are stored as SAT writes them.
 */
export const organizationTaxInfo = pgTable('organization_tax_info', {
  organizationId: organizationKey(),
  /** Razón social as on the Constancia de Situación Fiscal, upper case, no company type. */
  legalName: text().notNull(),
  personType: text({ enum: TAX_PERSON_TYPES }).notNull(),
  zipCode: text().notNull(),
  taxRegime: text().notNull(),
  paymentForm: text().notNull(),
  paymentMethod: text().notNull(),
  cfdiUse: text().notNull(),
  /** RFC, upper case. */
  taxId: text().notNull(),
  ...timestamps,
});

/**
 * The CLABE an organization sends its SPEI deposits from, so the wallet can tell whose deposit
 * arrived. One per organization, and no two organizations may claim the same one: the unique
 * index on `clabe` alone is what lets a deposit be matched to exactly one organization (with
 * Citus this small table would be a reference table, not distributed).
 */
export const organizationDepositAccounts = pgTable(
  'organization_deposit_accounts',
  {
    organizationId: organizationKey(),
    clabe: text().notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('organization_deposit_accounts_clabe_unique').on(table.clabe)],
);

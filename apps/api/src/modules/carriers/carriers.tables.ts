import { CARRIER_ACCOUNT_CHOICES, CARRIER_ACCOUNT_KEYS, CARRIER_KEYS } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';

/**
 * An organization's choice for a carrier of the catalogue (`@despacho/domain` CARRIERS). No row
 * means enabled: every carrier is on until the organization changes it, and a carrier added to
 * the catalogue later starts enabled everywhere.
 */
export const organizationCarriers = pgTable(
  'organization_carriers',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    carrierKey: text({ enum: CARRIER_KEYS }).notNull(),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.carrierKey] })],
);

/**
 * An organization's account with a real carrier (issue 27, decision 036): which account its
 * guides are bought with (`platform`: Despacho's negotiated one, from configuration; `own`) and
 * its own account when it connected one. The API key and secret are sealed together with
 * AES-256-GCM (the platform's `CredentialsCipher`, `STORES_ENCRYPTION_KEY`); only the secret's last
 * 4 characters and when it was set are kept in the clear, for the screen.
 */
export const carrierAccounts = pgTable(
  'carrier_accounts',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    carrierKey: text({ enum: CARRIER_ACCOUNT_KEYS }).notNull(),
    choice: text({ enum: CARRIER_ACCOUNT_CHOICES }).notNull(),
    accountNumber: text(),
    /** `{ key, secret }` sealed; null while no own account is connected. */
    sealedCredentials: text(),
    secretLast4: text(),
    secretSetAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.carrierKey] }),
    check(
      'carrier_accounts_own_has_credentials',
      sql`${table.choice} = 'platform' or ${table.sealedCredentials} is not null`,
    ),
  ],
);

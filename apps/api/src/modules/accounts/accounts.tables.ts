import {
  CURRENCIES,
  DEFAULT_TIME_ZONE,
  LANGUAGES,
  ORGANIZATION_TIME_ZONES,
  UNITS_OF_MEASURE,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A merchant's company: the tenant every business row belongs to. */
export const organizations = pgTable('organizations', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  company: text().notNull(),
  /** The logo in the file store (`files`), served by `GET organization/logo`. */
  logoFileId: uuid(),
  defaultCurrency: text({ enum: CURRENCIES }).notNull(),
  defaultUnit: text({ enum: UNITS_OF_MEASURE }).notNull(),
  abbreviation: text().notNull(),
  /** The merchant's clock (an IANA zone of Mexico): its screens' dates and its filters' days. */
  timeZone: text({ enum: ORGANIZATION_TIME_ZONES }).notNull().default(DEFAULT_TIME_ZONE),
  ...timestamps,
});

/**
 * The leading columns of every tenant table: the organization, then the row's own id, so the
 * primary key `(organization_id, id)` distributes by organization.
 */
export function tenantKeys() {
  return {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid()
      .notNull()
      .default(sql`gen_random_uuid()`),
  };
}

/** A set of permission keys inside one organization; `system` roles are created with it. */
export const roles = pgTable(
  'roles',
  {
    ...tenantKeys(),
    /** Stable identifier inside the organization: `owner`, `shipping` for the system roles. */
    key: text().notNull(),
    name: text().notNull(),
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    system: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    unique().on(table.organizationId, table.key),
  ],
);

/**
 * A person who signs in. Sign-up fills the row in steps: email first, then name, phone and
 * password, then the verified phone, and the wizard attaches the organization and role.
 * Platform staff have no organization.
 */
export const users = pgTable(
  'users',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Stored lower-case and trimmed; unique case-insensitively. */
    email: text().notNull(),
    name: text(),
    lastName: text(),
    phoneCountryCode: text(),
    phone: text(),
    /** argon2id; null until the registration form is sent. */
    passwordHash: text(),
    language: text({ enum: LANGUAGES }).notNull().default('es'),
    status: text({ enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    isStaff: boolean().notNull().default(false),
    organizationId: uuid().references(() => organizations.id),
    roleId: uuid(),
    /** The permissions chosen for a user whose role is `member`; other roles grant their own. */
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index().on(table.organizationId),
    foreignKey({
      columns: [table.organizationId, table.roleId],
      foreignColumns: [roles.organizationId, roles.id],
    }),
  ],
);

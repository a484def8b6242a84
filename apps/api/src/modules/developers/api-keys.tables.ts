import { API_KEY_MODES, type ApiKeyScope } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';

/**
 * The organization's API keys (`development`). The key itself holds no secret: its secrets
 * (`api_key_secrets`) do, one current and, during a rotation's grace, the one it replaced.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    mode: text({ enum: API_KEY_MODES }).notNull(),
    scopes: jsonb().$type<ApiKeyScope[]>().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    /** Empty: usable from anywhere. `inet` keeps host bits (`203.0.113.7/24`) and `<<=` matches. */
    allowedIps: inet()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Written at most once a minute per key (`api-keys.repository.ts` `authenticateKey`). */
    lastUsedAt: timestamp({ withTimezone: true }),
    lastUsedIp: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    rotatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('api_keys_organization_list').on(table.organizationId, table.createdAt.desc()),
    check('api_keys_mode_check', sql`${table.mode} in ('test', 'live')`),
  ],
);

/**
 * A key's secrets, found by their SHA-256: a key is 178 random bits, so a fast unsalted hash
 * cannot be reversed by guessing (unlike a password), and an indexed equality lookup is all an
 * authentication costs. `valid_until` is null for the current secret; a rotation sets it on the
 * replaced one to the end of its grace.
 */
export const apiKeySecrets = pgTable(
  'api_key_secrets',
  {
    hash: text().primaryKey(),
    keyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** What the screens show of it (`dsp_live_AbC123`). */
    prefix: text().notNull(),
    validUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('api_key_secrets_key').on(table.keyId, table.createdAt.desc())],
);

/**
 * Every call a key made, answered: the audit of what the key (the actor) did. The route is the
 * pattern (`/api/v1/vendors/:id`), never the URL, so no value of the call is kept. Pruned after
 * `API_KEY_CALLS_KEPT_DAYS`.
 */
export const apiKeyCalls = pgTable(
  'api_key_calls',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    keyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    method: text().notNull(),
    route: text().notNull(),
    status: integer().notNull(),
    ip: text().notNull(),
  },
  (table) => [
    index('api_key_calls_key').on(table.organizationId, table.keyId, table.at.desc()),
    index('api_key_calls_at').on(table.at),
  ],
);

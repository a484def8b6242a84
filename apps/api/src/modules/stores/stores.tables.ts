import {
  STORE_BACKFILL_STATES,
  STORE_HEALTHS,
  STORE_PLATFORMS,
  STORE_STATUSES,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The organization's online stores (issue 22). Credentials and the webhook secret are sealed
 * with AES-256-GCM (`platform/credentials-cipher.ts`) and erased on disconnection; the row stays for the
 * orders it synced, and a reconnection of the same store revives it. `health` keeps what the
 * platform told us (`auth_failed`, `webhooks_failing`); `needs_reapproval` is derived on reading
 * from the adapter's current `requiredGrant()`, so it is never stale.
 */
export const stores = pgTable(
  'stores',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey(),
    platform: text({ enum: STORE_PLATFORMS }).notNull(),
    externalId: text().notNull(),
    name: text().notNull(),
    status: text({ enum: STORE_STATUSES }).notNull().default('enabled'),
    health: text({ enum: STORE_HEALTHS }).notNull().default('ok'),
    sandbox: boolean().notNull(),
    apiVersion: text(),
    scopes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sealed JSON of the adapter's credentials; null once disconnected. */
    credentials: text(),
    /** When the access token expires (Mercado Libre); null when it does not. */
    credentialsExpireAt: timestamp({ withTimezone: true }),
    /** Sealed per-store webhook secret (WooCommerce); null where the secret is the app's. */
    webhookSecret: text(),
    /** The reconciliation's updated-time cursor: orders changed since then were applied. */
    syncCursor: timestamp({ withTimezone: true }),
    lastSyncedAt: timestamp({ withTimezone: true }),
    backfillState: text({ enum: STORE_BACKFILL_STATES }),
    backfillDone: integer().notNull().default(0),
    backfillTotal: integer(),
    /** The next page of the backfill's listing: a restart resumes there. */
    backfillPage: text(),
    backfillStartedAt: timestamp({ withTimezone: true }),
    backfillFinishedAt: timestamp({ withTimezone: true }),
    connectedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp({ withTimezone: true }).notNull(),
    disconnectedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stores_organization_id_unique').on(table.organizationId, table.id),
    // One connection per store on a platform, whichever organization holds it.
    uniqueIndex('stores_connected_external_unique')
      .on(table.platform, table.externalId)
      .where(sql`${table.disconnectedAt} is null`),
    index('stores_organization_list').on(table.organizationId, table.connectedAt.desc()),
    check('stores_platform_check', sql`${table.platform} in (${inList(STORE_PLATFORMS)})`),
    check('stores_status_check', sql`${table.status} in (${inList(STORE_STATUSES)})`),
    check('stores_health_check', sql`${table.health} in (${inList(STORE_HEALTHS)})`),
    check(
      'stores_disconnected_without_credentials',
      sql`${table.disconnectedAt} is null or ${table.credentials} is null`,
    ),
  ],
);

/**
 * Every webhook delivery accepted, once per (store, platform event id): a replay finds its row
 * and adds nothing. The payload is kept until the job processed it, then erased (it holds a
 * customer's personal data); `result` records what a compliance topic did.
 */
export const storeWebhookEvents = pgTable(
  'store_webhook_events',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    platform: text({ enum: STORE_PLATFORMS }).notNull(),
    eventId: text().notNull(),
    topic: text().notNull(),
    payload: jsonb(),
    result: jsonb(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    processedAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (table) => [
    // Per store: WooCommerce numbers its deliveries per site, so two sites may share an id.
    uniqueIndex('store_webhook_events_once').on(table.platform, table.storeId, table.eventId),
    index('store_webhook_events_store').on(table.organizationId, table.storeId, table.receivedAt),
  ],
);

/**
 * OAuth consents under way: the `state` sent to the platform is `<platform>.<nonce>`; only the
 * nonce's sha256 is kept, bound to the organization and user who asked, used once.
 */
export const storeAuthorizations = pgTable(
  'store_authorizations',
  {
    nonceHash: text().primaryKey(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text({ enum: STORE_PLATFORMS }).notNull(),
    /** The store it must end up being: the shop asked for, or the store re-authorized. */
    externalId: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('store_authorizations_expiry').on(table.expiresAt)],
);

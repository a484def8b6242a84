import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
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
import { organizations } from '../accounts/accounts.tables';

/**
 * An organization's webhook endpoints. The signing secret is the `whsec_` string the merchant
 * was given, sealed with the credentials cipher bound to the endpoint's id (signing needs it
 * back, so it cannot be a hash); it never leaves in a view. During a rotation the previous one
 * signs too until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    url: text().notNull(),
    description: text(),
    events: text().array().notNull(),
    enabled: boolean().notNull(),
    disabledReason: text({ enum: WEBHOOK_DISABLED_REASONS }),
    secret: text().notNull(),
    previousSecret: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    /** The first failed attempt since the last success. */
    failingSince: timestamp({ withTimezone: true }),
    consecutiveFailedEvents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('webhook_endpoints_organization_id_unique').on(table.organizationId, table.id),
    index('webhook_endpoints_organization_list').on(table.organizationId, table.createdAt.desc()),
    check(
      'webhook_endpoints_disabled_reason_check',
      sql`(${table.enabled} and ${table.disabledReason} is null) or (not ${table.enabled} and ${table.disabledReason} in ('manual', 'failing'))`,
    ),
  ],
);

/**
 * An event as sent to endpoints: kept once per event that some endpoint wanted (the fan-out
 * writes it), so every attempt and resend carries the same id and body. `resource` orders an
 * endpoint's deliveries of one record (a guide's statuses arrive in the order they happened).
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey(),
    type: text().notNull(),
    resource: text().notNull(),
    payload: jsonb().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('webhook_messages_organization_id_unique').on(table.organizationId, table.id),
  ],
);

/** One event to one endpoint, and where its attempts stand. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    organizationId: uuid().notNull(),
    id: uuid().primaryKey().defaultRandom(),
    endpointId: uuid().notNull(),
    eventId: uuid().notNull(),
    /** Copied from the event: the order key among the endpoint's deliveries. */
    resource: text().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** A worker sending it now holds it until then (another worker's job leaves it alone). */
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.organizationId, table.endpointId],
      foreignColumns: [webhookEndpoints.organizationId, webhookEndpoints.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.eventId],
      foreignColumns: [webhookMessages.organizationId, webhookMessages.id],
    }).onDelete('cascade'),
    index('webhook_deliveries_endpoint_log').on(
      table.organizationId,
      table.endpointId,
      table.createdAt.desc(),
    ),
    // The order check: an endpoint's earlier pending delivery of the same record.
    index('webhook_deliveries_pending_resource')
      .on(table.endpointId, table.resource, table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check(
      'webhook_deliveries_status_check',
      sql`${table.status} in ('pending', 'succeeded', 'failed')`,
    ),
  ],
);

/** Each attempt of a delivery, as the log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    organizationId: uuid().notNull(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    statusCode: integer(),
    latencyMs: integer().notNull(),
    responseExcerpt: text().notNull(),
    succeeded: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.deliveryId, table.number] })],
);

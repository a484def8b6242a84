import { optionalText, urlField } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { WEBHOOK_EVENT_TYPES } from './webhooks.events';

/**
 * Outgoing webhooks (`development`): the organization's endpoints, the events each receives and
 * the log of their deliveries. Whether a URL may be reached (HTTPS, a public address) is checked
 * by the server when saving and again when delivering.
 */
export const webhookEventTypeField = z.enum(WEBHOOK_EVENT_TYPES, { error: 'one_of' });

export const webhookEndpointSchema = z.object({
  url: z.string().trim().max(2000, { error: 'max_length' }).pipe(urlField),
  description: optionalText(200),
  events: z
    .array(webhookEventTypeField)
    .min(1, { error: 'at_least_one' })
    .refine((events) => new Set(events).size === events.length, { error: 'no_duplicates' }),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointSchema>;
export type WebhookEndpointData = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
export const webhookDeliveryParamsSchema = webhookEndpointParamsSchema.extend({
  deliveryId: z.uuid({ error: 'invalid' }),
});

export const webhookEndpointStatusSchema = z.object({ enabled: z.boolean() });

/** Why an endpoint receives nothing: the merchant turned it off, or it kept failing. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;

export const webhookEndpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEventTypeField),
  enabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** Until when the previous secret still signs beside the current one, after a rotation. */
  previous_secret_expires_at: z.string().nullable(),
  /** The first failure since the last success; null while the endpoint answers. */
  failing_since: z.string().nullable(),
  /** Events in a row whose every attempt failed. */
  consecutive_failed_events: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

/** The signing secret (`whsec_` + base64), answered once: on creation and on each rotation. */
export const webhookSecretAnswerSchema = z.object({
  data: webhookEndpointViewSchema,
  secret: z.string(),
});

/**
 * A delivery: one event to one endpoint. `pending` waits for its next attempt, `succeeded` got a
 * 2xx, `failed` used every attempt (or met a disabled endpoint).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptViewSchema = z.object({
  number: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status; null when none came (timeout, refused connection). */
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  /** The start of the receiver's answer, or what went wrong when there was none. */
  response_excerpt: z.string(),
  succeeded: z.boolean(),
});
export type WebhookAttemptView = z.infer<typeof webhookAttemptViewSchema>;

export const webhookDeliveryViewSchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and resend of the event. */
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  attempts: z.array(webhookAttemptViewSchema),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

/** One delivery with the body that was sent. */
export const webhookDeliveryDetailSchema = webhookDeliveryViewSchema.extend({
  payload: z.record(z.string(), z.unknown()),
});

export const webhookDeliveriesQuerySchema = paginationQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'one_of' }).optional(),
  event_type: z.string().trim().max(60).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

/** The catalogue: each event type with its `data` as JSON Schema. */
export const webhookEventCatalogueSchema = z.object({
  data: z.array(
    z.object({
      type: webhookEventTypeField,
      schema: z.record(z.string(), z.unknown()),
    }),
  ),
});

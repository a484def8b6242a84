import { z } from '../validation';

/**
 * The events a merchant's endpoint can subscribe to (issue 26), each emitted by the domain that
 * owns the change, in the transaction that makes it. A delivery's body is the Standard Webhooks
 * envelope `{ type, timestamp, data }`; `data` follows the event's schema below, ids as strings
 * and money in integer centavos, so a receiver can validate what it gets.
 */
const shipmentFields = {
  shipment_id: z.string(),
  tracking_number: z.string(),
  carrier: z.string(),
};

export const WEBHOOK_EVENT_PAYLOADS = {
  /** A guide was bought (a single shipment, a bulk run's item or an order's label). */
  'shipment.created': z.object({
    ...shipmentFields,
    service: z.string(),
    total: z.number().int(),
    /** The merchant's own reference for the guide, when given. */
    reference: z.string().nullable(),
  }),
  /** The carrier reported a new tracking status. */
  'shipment.tracking_updated': z.object({
    ...shipmentFields,
    status: z.string(),
    previous_status: z.string().nullable(),
    occurred_at: z.string(),
  }),
  /** The guide was cancelled; `refunded` is what went back to the balance, in centavos. */
  'shipment.cancelled': z.object({ ...shipmentFields, refunded: z.number().int() }),
  /** A deposit reached the balance. */
  'deposit.credited': z.object({
    deposit_id: z.string(),
    amount: z.number().int(),
    method: z.string(),
  }),
  /** An order arrived from a connected store or changed there. */
  'order.synced': z.object({
    order_id: z.string(),
    store_id: z.string(),
    number: z.string(),
  }),
  /** The tracking number was sent back to the order's store. */
  'order.fulfillment_pushed': z.object({
    order_id: z.string(),
    store_id: z.string(),
    tracking_number: z.string(),
  }),
  /** The warehouse received an entry (inbound stock). */
  'entry.received': z.object({ entry_id: z.string(), number: z.number().int() }),
  /** A product's tariff classification was published. */
  'classification.published': z.object({
    product_id: z.string(),
    tariff_code: z.string(),
  }),
  /** An embarque (import shipment) moved to another step. */
  'embarque.step_changed': z.object({
    embarque_id: z.string(),
    step: z.string(),
    previous_step: z.string().nullable(),
  }),
  /** The helpdesk answered one of the organization's tickets. */
  'ticket.replied': z.object({ ticket_id: z.string(), number: z.number().int() }),
} as const satisfies Record<string, z.ZodObject>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_PAYLOADS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_PAYLOADS) as [
  WebhookEventType,
  ...WebhookEventType[],
];
export type WebhookEventData<Type extends WebhookEventType> = z.infer<
  (typeof WEBHOOK_EVENT_PAYLOADS)[Type]
>;

/** The type of the "send test event" delivery; no domain emits it and nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const webhookTestDataSchema = z.object({ endpoint_id: z.string(), message: z.string() });

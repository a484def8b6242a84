import { z } from 'zod';

/**
 * Mercado Libre's wire format, as much of it as the adapter reads (site MLM): money in pesos
 * with decimals, ids as numbers, times ISO-8601 with an offset. The sandbox answers the same.
 */

export const mlTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string(),
  user_id: z.number(),
  refresh_token: z.string(),
});
export type MlToken = z.infer<typeof mlTokenSchema>;

export const mlUserSchema = z.object({ id: z.number(), nickname: z.string(), site_id: z.string() });

export const mlOrderSchema = z.object({
  id: z.number(),
  /** confirmed, payment_required, payment_in_process, partially_paid, paid, partially_refunded, pending_cancel, cancelled. */
  status: z.string(),
  date_created: z.string(),
  date_last_updated: z.string(),
  pack_id: z.number().nullable(),
  shipping: z.object({ id: z.number().nullable() }),
  order_items: z.array(
    z.object({
      item: z.object({ id: z.string(), title: z.string(), seller_sku: z.string().nullable() }),
      quantity: z.number(),
      unit_price: z.number(),
      currency_id: z.string(),
    }),
  ),
  total_amount: z.number(),
  paid_amount: z.number(),
  currency_id: z.string(),
  buyer: z.object({
    id: z.number(),
    nickname: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
  }),
  tags: z.array(z.string()),
});
export type MlOrder = z.infer<typeof mlOrderSchema>;

export const mlPackSchema = z.object({
  id: z.number(),
  status: z.string(),
  orders: z.array(z.object({ id: z.number() })),
  shipment: z.object({ id: z.number() }).nullable(),
  date_created: z.string(),
  last_updated: z.string(),
});
export type MlPack = z.infer<typeof mlPackSchema>;

const named = z.object({ name: z.string().nullable() }).nullable();
export const mlShipmentSchema = z.object({
  id: z.number(),
  /** `me2`: Mercado Envíos ships it; `me1`/`custom`: the seller does. */
  mode: z.enum(['me1', 'me2', 'custom', 'not_specified']),
  /** pending, handling, ready_to_ship, shipped, delivered, not_delivered, cancelled. */
  status: z.string(),
  tracking_number: z.string().nullable(),
  tracking_method: z.string().nullable(),
  receiver_address: z
    .object({
      receiver_name: z.string().nullable(),
      receiver_phone: z.string().nullable(),
      street_name: z.string().nullable(),
      street_number: z.string().nullable(),
      comment: z.string().nullable(),
      zip_code: z.string().nullable(),
      neighborhood: named,
      city: named,
      state: named,
      country: z.object({ id: z.string() }).nullable(),
    })
    .nullable(),
});
export type MlShipment = z.infer<typeof mlShipmentSchema>;

export const mlSearchSchema = z.object({
  results: z.array(mlOrderSchema),
  paging: z.object({ total: z.number(), offset: z.number(), limit: z.number() }),
});

/** A notification: a pointer at a resource to fetch with the seller's token, nothing more. */
export const mlNotificationSchema = z.object({
  _id: z.string().min(1),
  resource: z.string().min(1),
  user_id: z.number(),
  topic: z.string(),
  application_id: z.number(),
  attempts: z.number(),
  sent: z.string(),
  received: z.string(),
});
export type MlNotification = z.infer<typeof mlNotificationSchema>;

export const mlMissedFeedsSchema = z.object({
  messages: z.array(mlNotificationSchema),
  total: z.number(),
});

import { addressFieldsSchema, addressViewSchema } from '../addresses/schemas';
import {
  emailField,
  optionalCompanyField,
  optionalText,
  phoneField,
  requiredText,
} from '../fields';
import { paginationQuerySchema } from '../pagination';
import { quoteRequestSchema } from '../shipments/quotes';
import { STORE_PLATFORMS } from '../stores/schemas';
import { z } from '../validation';

/**
 * Orders (issue 22): what a merchant sells, synced from a connected store or typed by hand, and
 * fulfilled here with guides. Spec §3: status, shop, customer, shipments, products, tags.
 * Money in integer centavos.
 */

/** Spec §4, order fulfilment. */
export const ORDER_FULFILLMENT_STATES = ['unfulfilled', 'partial', 'fulfilled'] as const;
export type OrderFulfillmentState = (typeof ORDER_FULFILLMENT_STATES)[number];

/** Spec §4, payment state: pending, paid, refund; also partial and total payment. */
export const ORDER_PAYMENT_STATES = [
  'pending',
  'partially_paid',
  'paid',
  'partially_refunded',
  'refunded',
] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

export const ORDER_STATUSES = ['open', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order came from: a store's platform, or typed here. */
export const ORDER_SOURCES = ['manual', ...STORE_PLATFORMS] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** The list's tabs: by fulfilment (open orders) and the cancelled ones. */
export const ORDER_TABS = ['all', 'unfulfilled', 'partial', 'fulfilled', 'cancelled'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/**
 * Why an order cannot be labelled as it stands: a line not linked to a catalogue variant, an
 * address SEPOMEX does not confirm (zip unknown, or state/municipality not the zip's), no
 * address at all, or the platform ships it itself (Mercado Envíos `me2`).
 */
export const ORDER_FLAGS = [
  'unmapped_lines',
  'address_doubtful',
  'address_missing',
  'shipped_by_platform',
] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

export const orderParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
export const orderLineParamsSchema = orderParamsSchema.extend({
  lineId: z.uuid({ error: 'invalid' }),
});
export const orderFulfillmentParamsSchema = orderParamsSchema.extend({
  fulfillmentId: z.uuid({ error: 'invalid' }),
});

const tagsField = z.array(requiredText(40)).max(20);

export const ordersQuerySchema = paginationQuerySchema.extend({
  tab: z.enum(ORDER_TABS, { error: 'one_of' }).default('all'),
  /** Order number, customer name or email, or a line's SKU. */
  search: z.string().trim().max(100).optional(),
  store_id: z.uuid({ error: 'invalid' }).optional(),
  payment: z.enum(ORDER_PAYMENT_STATES, { error: 'one_of' }).optional(),
  tag: z.string().trim().max(40).optional(),
  from: z.iso.date({ error: 'invalid' }).optional(),
  to: z.iso.date({ error: 'invalid' }).optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** Where an order goes: the customer's contact and a Mexican address. */
export const orderShippingAddressSchema = addressFieldsSchema.extend({
  contact_name: requiredText(100),
  company: optionalCompanyField,
  email: emailField,
  phone: phoneField,
});
export type OrderShippingAddressInput = z.input<typeof orderShippingAddressSchema>;

export const orderLineInputSchema = z.object({
  variant_id: z.uuid({ error: 'required' }),
  quantity: z.number({ error: 'number' }).int({ error: 'integer' }).min(1).max(10_000),
  /** Unit price in centavos, VAT included, as charged to the customer. */
  unit_price: z.number({ error: 'number' }).int({ error: 'integer' }).min(0).max(100_000_000),
});

/** A manual order, built in steps: customer, products, shipping, payment, review. */
export const orderCreateSchema = z.object({
  /** A customer of the address book, or null to save the address typed as a new customer. */
  customer_id: z.uuid({ error: 'invalid' }).nullish(),
  shipping_address: orderShippingAddressSchema,
  lines: z.array(orderLineInputSchema).min(1, { error: 'at_least_one' }).max(100),
  /** What the customer pays for shipping, in centavos. */
  shipping_price: z.number({ error: 'number' }).int({ error: 'integer' }).min(0).max(10_000_000),
  payment_state: z.enum(ORDER_PAYMENT_STATES, { error: 'one_of' }),
  /** The stock location the units are reserved at and shipped from. */
  location_id: z.uuid({ error: 'required' }),
  tags: tagsField.default([]),
  note: optionalText(500),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderCreateData = z.infer<typeof orderCreateSchema>;

export const orderAddressUpdateSchema = z.object({ shipping_address: orderShippingAddressSchema });
export const orderTagsSchema = z.object({ tags: tagsField });

/** Cancelling: a synced order says whether the store cancels it too (where it allows). */
export const orderCancelSchema = z.object({
  at_store: z.boolean().default(false),
  reason: optionalText(200),
});

/** Links a synced line to a catalogue variant (by hand; SKUs link themselves). */
export const orderLineLinkSchema = z.object({ variant_id: z.uuid({ error: 'required' }) });

/** The lines and quantities one fulfilment sends (a partial fulfilment sends fewer). */
export const fulfillmentLinesField = z
  .array(
    z.object({
      line_id: z.uuid({ error: 'required' }),
      quantity: z
        .number({ error: 'number' })
        .int({ error: 'integer' })
        .min(1, { error: 'order_line_quantity' }),
    }),
  )
  .min(1, { error: 'at_least_one' })
  .max(100);

/** Quoting a fulfilment: what goes, from where, in which parcels. */
export const orderQuoteSchema = quoteRequestSchema.pick({ parcels: true }).extend({
  lines: fulfillmentLinesField,
  /** The sender: an address-book location (its stock location is where units leave from). */
  origin_id: z.uuid({ error: 'required' }),
});
export type OrderQuoteInput = z.input<typeof orderQuoteSchema>;

/** Buying the fulfilment's guide with a rate of that quote; sent with an Idempotency-Key. */
export const orderFulfillSchema = orderQuoteSchema.extend({
  quote_id: z.uuid({ error: 'required' }),
  rate_id: requiredText(80),
});
export type OrderFulfillInput = z.input<typeof orderFulfillSchema>;
export type OrderFulfillData = z.infer<typeof orderFulfillSchema>;

/** Bulk labels (issue 22): up to 500 orders, one rule, one background run. */
export const BULK_LABELS_MAX = 500;
export const BULK_RULES = ['cheapest', 'fastest', 'preferred'] as const;
export type BulkRule = (typeof BULK_RULES)[number];

export const bulkLabelsSchema = z
  .object({
    order_ids: z
      .array(z.uuid({ error: 'invalid' }))
      .min(1, { error: 'required' })
      .max(BULK_LABELS_MAX),
    rule: z.enum(BULK_RULES, { error: 'one_of' }),
    /** With `preferred`: the carrier key to take, and the service when it offers several. */
    preferred: z.object({ carrier: requiredText(40), service: optionalText(80) }).nullish(),
    origin_id: z.uuid({ error: 'required' }),
    /** The saved package every order ships in (its weight is the package's plus the lines'). */
    package_id: z.uuid({ error: 'required' }),
  })
  .refine((bulk) => bulk.rule !== 'preferred' || bulk.preferred, {
    error: 'required',
    path: ['preferred'],
  });
export type BulkLabelsInput = z.input<typeof bulkLabelsSchema>;
export type BulkLabelsData = z.infer<typeof bulkLabelsSchema>;

export const bulkParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
export const bulkLabelsFileQuerySchema = z.object({
  format: z.enum(['pdf', 'zpl'], { error: 'one_of' }).default('pdf'),
});

// ---- Views ----

const storeRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(STORE_PLATFORMS),
});

export const orderListItemSchema = z.object({
  id: z.string(),
  /** As the merchant reads it: the store's number (`#1001`) or ours (`M-000012`). */
  number: z.string(),
  source: z.enum(ORDER_SOURCES),
  store: storeRefSchema.nullable(),
  placed_at: z.string(),
  customer_name: z.string().nullable(),
  items: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  payment_state: z.enum(ORDER_PAYMENT_STATES),
  fulfillment_state: z.enum(ORDER_FULFILLMENT_STATES),
  status: z.enum(ORDER_STATUSES),
  tags: z.array(z.string()),
  flags: z.array(z.enum(ORDER_FLAGS)),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderLineViewSchema = z.object({
  id: z.string(),
  sku: z.string().nullable(),
  title: z.string(),
  /** The catalogue variant it maps to; null = unmapped (create the product or link a variant). */
  variant_id: z.string().nullable(),
  product_id: z.string().nullable(),
  quantity: z.number().int(),
  fulfilled_quantity: z.number().int(),
  remaining_quantity: z.number().int(),
  unit_price: z.number().int(),
  /** Units of this line reserved at the order's location. */
  reserved_quantity: z.number().int(),
});
export type OrderLineView = z.infer<typeof orderLineViewSchema>;

/** Pushing a fulfilment's tracking to the store: retried with backoff until it succeeds. */
export const PUSH_STATES = ['not_applicable', 'pending', 'pushed', 'failed'] as const;
export type PushState = (typeof PUSH_STATES)[number];

export const FULFILLMENT_STATES = ['purchasing', 'bought', 'failed', 'cancelled'] as const;
export type FulfillmentState = (typeof FULFILLMENT_STATES)[number];

export const orderFulfillmentViewSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  state: z.enum(FULFILLMENT_STATES),
  shipment_id: z.string().nullable(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  service: z.string().nullable(),
  total: z.number().int().nullable(),
  lines: z.array(z.object({ line_id: z.string(), quantity: z.number().int() })),
  push: z.object({
    state: z.enum(PUSH_STATES),
    attempts: z.number().int(),
    /** Why the last attempt failed, as a server text code and its values. */
    last_error: z.string().nullable(),
    pushed_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
  }),
  /** Set when the guide could not be bought; the error's code. */
  error: z.string().nullable(),
});
export type OrderFulfillmentView = z.infer<typeof orderFulfillmentViewSchema>;

/** What happened to the order, newest first: a text code and its values (the screen words it). */
export const orderEventViewSchema = z.object({
  at: z.string(),
  code: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});

export const orderDetailSchema = orderListItemSchema.extend({
  external_id: z.string().nullable(),
  customer: z
    .object({
      id: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  shipping_address: addressViewSchema
    .extend({
      contact_name: z.string(),
      company: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  /** Why SEPOMEX doubts the address (codes), empty when it is confirmed. */
  address_issues: z.array(z.string()),
  /** The stock location units are reserved at. */
  location_id: z.string().nullable(),
  shipping_price: z.number().int(),
  note: z.string().nullable(),
  lines: z.array(orderLineViewSchema),
  fulfillments: z.array(orderFulfillmentViewSchema),
  history: z.array(orderEventViewSchema),
  /** The store can cancel it too (where the platform allows). */
  can_cancel_at_store: z.boolean(),
  /** The address may still be edited (nothing fulfilled yet, not cancelled). */
  address_editable: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const BULK_STATES = ['running', 'done', 'failed'] as const;
export const BULK_ITEM_STATES = ['pending', 'bought', 'failed', 'skipped'] as const;

export const bulkLabelsViewSchema = z.object({
  id: z.string(),
  state: z.enum(BULK_STATES),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  total: z.number().int(),
  bought: z.number().int(),
  failed: z.number().int(),
  /** The sum charged for the labels bought, in centavos. */
  charged: z.number().int(),
  items: z.array(
    z.object({
      order_id: z.string(),
      number: z.string(),
      state: z.enum(BULK_ITEM_STATES),
      shipment_id: z.string().nullable(),
      tracking_number: z.string().nullable(),
      /** Why this order was not labelled: an error code. */
      error: z.string().nullable(),
    }),
  ),
  /** The merged labels are ready to download. */
  labels_ready: z.boolean(),
});
export type BulkLabelsView = z.infer<typeof bulkLabelsViewSchema>;

/** The dashboard's "e-commerce orders" figure. */
export const ordersSummarySchema = z.object({
  open: z.number().int(),
  unfulfilled: z.number().int(),
  last_30_days: z.number().int(),
});

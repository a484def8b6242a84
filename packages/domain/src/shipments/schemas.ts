import { addressFieldsSchema, addressViewSchema } from '../addresses/schemas';
import { CARRIER_KEYS } from '../carriers/catalog';
import {
  emailField,
  optionalCompanyField,
  optionalText,
  phoneField,
  requiredText,
} from '../fields';
import { satProductCodeField } from '../packages/schemas';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { pesosAmountField } from '../wallet/deposits';
import { pickupTimeRangeSchema } from './pickups';
import { parcelInputSchema, QUOTE_STATUSES, rateViewSchema } from './quotes';
import { isSatUnitCode } from './sat-units';

/**
 * Shipments (`shipment` to create, `shippings` to list): a guide bought from a quote's rate,
 * paid from the prepaid balance. Carrier statuses (spec §4) map onto the list statuses; the
 * list's tabs (spec §2) group those by how far the parcel got.
 */
export const CARRIER_STATUSES = ['CREATED', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED'] as const;
export type CarrierStatus = (typeof CARRIER_STATUSES)[number];

export const SHIPMENT_STATUSES = [
  'created',
  'collected',
  'delivered',
  'delayed',
  'cancelled',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/**
 * Tabs of the shipments list. For parcels, "fulfilled" is delivered, "partially fulfilled" is on
 * its way (collected or delayed), "not fulfilled" is not yet collected; "pickup requested" and
 * "pickup pending" split the not-yet-collected guides by whether a pickup is scheduled.
 */
export const SHIPMENT_TABS = [
  'all',
  'fulfilled',
  'partially_fulfilled',
  'not_fulfilled',
  'cancelled',
  'pickup_requested',
  'pickup_pending',
] as const;
export type ShipmentTab = (typeof SHIPMENT_TABS)[number];

/** Where a purchase stands: the hold is placed, then the carrier issues the guide or fails. */
export const PURCHASE_STATES = ['purchasing', 'purchased', 'failed'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/** Tracking event codes; `delayed` ones turn a guide in transit into "delayed" on the list. */
export const TRACKING_CODES = [
  'label_created',
  'picked_up',
  'in_transit',
  'arrived_at_hub',
  'out_for_delivery',
  'delayed_weather',
  'delayed_operations',
  'delivery_attempted',
  'delivered',
  'cancelled',
] as const;
export type TrackingCode = (typeof TRACKING_CODES)[number];
export const DELAY_CODES: readonly TrackingCode[] = [
  'delayed_weather',
  'delayed_operations',
  'delivery_attempted',
];

/** One product inside a package: what the Carta Porte waybill declares. */
export const shipmentProductSchema = z.object({
  description: requiredText(100),
  // No schema-wide message: it would word "the maximum is 9999" as "enter a number" too.
  quantity: z.number().int({ error: 'integer' }).positive({ error: 'positive' }).max(9999),
  /** c_ClaveProdServCP: the product type key of the waybill. */
  sat_product_code: satProductCodeField,
  /** c_ClaveUnidad: the unit key of the waybill. */
  sat_unit_code: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .refine(isSatUnitCode, { error: 'sat_unit_code' }),
  /** Value of one unit in pesos ("250.00"), answered as centavos. */
  unit_value: pesosAmountField,
  /** The catalogue variant the line was picked from (`productsContract.variants`), if any. */
  variant_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.uuid({ error: 'invalid' }).optional(),
  ),
});
export type ShipmentProductInput = z.input<typeof shipmentProductSchema>;

export const shipmentPackageSchema = parcelInputSchema.extend({
  name: optionalText(50),
  products: z.array(shipmentProductSchema).min(1, { error: 'missing_information' }).max(50),
});
export type ShipmentPackageInput = z.input<typeof shipmentPackageSchema>;

/** The destination: an address of a saved customer, or a new one typed in the form. */
export const shipmentDestinationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('customer'),
    customer_id: z.uuid({ error: 'required' }),
    address_id: z.uuid({ error: 'required' }),
  }),
  addressFieldsSchema.extend({
    kind: z.literal('new'),
    contact_name: requiredText(100),
    company: optionalCompanyField,
    email: emailField,
    phone: phoneField,
  }),
]);
export type ShipmentDestinationInput = z.input<typeof shipmentDestinationSchema>;

/** Optional insurance: the declared value and the stamped sales invoice (a file or its UUID). */
export const shipmentInsuranceSchema = z
  .object({
    declared_value: pesosAmountField.refine((centavos) => centavos <= 10_000_000, {
      error: 'insurance_max',
    }),
    invoice_file_id: z.uuid({ error: 'invalid' }).nullish(),
    invoice_uuid: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, {
        error: 'cfdi_uuid',
      })
      .transform((uuid) => uuid.toUpperCase())
      .nullish(),
  })
  .refine((insurance) => insurance.invoice_file_id || insurance.invoice_uuid, {
    error: 'insurance_invoice_required',
    path: ['invoice_uuid'],
  });

/**
 * Buying a guide: everything the steps of create shipment gathered, and the rate chosen from a
 * quote of the same zips and parcels. Sent with an `Idempotency-Key` header.
 */
export const shipmentCreateSchema = z.object({
  location_id: z.uuid({ error: 'required' }),
  destination: shipmentDestinationSchema,
  packages: z.array(shipmentPackageSchema).min(1, { error: 'at_least_one_package' }).max(10),
  insurance: shipmentInsuranceSchema.nullish(),
  quote_id: z.uuid({ error: 'required' }),
  rate_id: requiredText(80),
  /** The merchant's own reference, printed on the label. */
  reference: optionalText(30),
  /** Preferred time range of the automatic pickup. */
  pickup_time_range: pickupTimeRangeSchema.nullish(),
});
export type ShipmentCreateInput = z.input<typeof shipmentCreateSchema>;
export type ShipmentCreateData = z.infer<typeof shipmentCreateSchema>;

export const shipmentParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

/** The bulk label download: up to 100 guides, one PDF with their labels in the order given. */
export const SHIPMENT_LABELS_MAX = 100;
export const shipmentLabelsSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'invalid' }))
    .min(1, { error: 'required' })
    // Zod's own too_big issue: localized as max_items with its {max}.
    .max(SHIPMENT_LABELS_MAX),
});
export type ShipmentLabelsInput = z.infer<typeof shipmentLabelsSchema>;

export const shipmentsQuerySchema = paginationQuerySchema.extend({
  tab: z.enum(SHIPMENT_TABS).default('all'),
  /** Tracking number, customer (name or company) or destination zip. */
  search: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  carrier: z.enum(CARRIER_KEYS).optional(),
});
export type ShipmentsQuery = z.infer<typeof shipmentsQuerySchema>;

const partySchema = addressViewSchema.extend({
  contact_name: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string(),
});
export type ShipmentParty = z.infer<typeof partySchema>;

export const shipmentProductViewSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  sat_product_code: z.string(),
  sat_unit_code: z.string(),
  unit_value: z.number().int(),
});

export const shipmentPackageViewSchema = z.object({
  name: z.string().nullable(),
  length_cm: z.number(),
  width_cm: z.number(),
  height_cm: z.number(),
  weight_kg: z.number(),
  products: z.array(shipmentProductViewSchema),
});

export const trackingEventViewSchema = z.object({
  status: z.enum(CARRIER_STATUSES),
  code: z.enum(TRACKING_CODES),
  description: z.string(),
  location: z.string().nullable(),
  occurred_at: z.string(),
});
export type TrackingEventView = z.infer<typeof trackingEventViewSchema>;

/** A row of the shipments list: the guide's columns of spec §3. */
export const shipmentSummarySchema = z.object({
  id: z.string(),
  tracking_number: z.string().nullable(),
  carrier_key: z.enum(CARRIER_KEYS),
  carrier_name: z.string(),
  service_name: z.string(),
  /** What the merchant paid, VAT included, centavos. */
  cost: z.number().int(),
  /** "30 × 20 × 15 cm" of the first package, and how many packages. */
  dimensions: z.string(),
  package_count: z.number().int(),
  billable_weight_kg: z.number(),
  insured: z.boolean(),
  declared_value: z.number().int().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  purchase_state: z.enum(PURCHASE_STATES),
  /** The origin location: the pickup screen groups guides by it and asks its availability. */
  /** Null for a guide bought from a platform warehouse (a warehouse exit). */
  location_id: z.string().nullable(),
  /** Contact (or company) and zip of the origin as bought. */
  origin_name: z.string(),
  origin_zip: z.string(),
  destination_name: z.string(),
  destination_zip: z.string(),
  pickup: z
    .object({
      confirmation_number: z.string(),
      date: z.string(),
      start: z.string(),
      end: z.string(),
    })
    .nullable(),
  cancellation_requested_at: z.string().nullable(),
  created_at: z.string(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;

export const shipmentChargesSchema = z.object({
  carrier: z.number().int(),
  insurance_premium: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  deductible: z.number().int().nullable(),
  refunded: z.number().int(),
});

export const shipmentDetailSchema = shipmentSummarySchema.extend({
  service_key: z.string(),
  quote_status: z.enum(QUOTE_STATUSES),
  carrier_status: z.enum(CARRIER_STATUSES),
  sandbox: z.boolean(),
  rate: rateViewSchema.pick({
    zone: true,
    transit_days: true,
    estimated_delivery: true,
    extended_zone: true,
  }),
  reference: z.string().nullable(),
  origin: partySchema,
  destination: partySchema,
  customer_id: z.string().nullable(),
  packages: z.array(shipmentPackageViewSchema),
  charges: shipmentChargesSchema,
  failure_reason: z.string().nullable(),
  events: z.array(trackingEventViewSchema),
  /** Until when it can be cancelled, and why not when it cannot. */
  cancellable_until: z.string(),
  cancellation_refusal: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** Mexico City date by which the refund reaches the balance, once cancellation is asked. */
  refund_due_by: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export type ShipmentDetail = z.infer<typeof shipmentDetailSchema>;

/** The public tracking page `/t/{trackingNumber}`: the timeline, nothing private. */
export const publicTrackingSchema = z.object({
  tracking_number: z.string(),
  carrier_name: z.string(),
  service_name: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  origin_city: z.string(),
  destination_city: z.string(),
  estimated_delivery: z.string(),
  events: z.array(trackingEventViewSchema),
  /** Who sent it: the merchant's trade name and logo (`publicLogoUrl`), nothing else of theirs. */
  merchant: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  /** The carrier's own tracking page for this number; null for a sandbox guide it never saw. */
  carrier_tracking_url: z.url().nullable(),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;

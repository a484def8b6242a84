import { addressViewSchema } from '../addresses/schemas';
import { noDuplicateVariants, optionalText } from '../fields';
import { pageSchema, paginationQuerySchema } from '../pagination';
import { quoteRequestSchema } from '../shipments/quotes';
import { z } from '../validation';
import { EXIT_DESTINATION_KINDS, EXIT_RULES, EXIT_STATUSES, STAFF_EXIT_VIEWS } from './rules';

/**
 * What the exits screen (`products/outs`) and the staff dispatch console (`/staff/exits`) send
 * and receive.
 */

// No schema-wide message: it would word "the minimum is 1" as "enter a number" too.
const quantityField = (min: number) =>
  z.number().int({ error: 'integer' }).min(min).max(EXIT_RULES.maxQuantity);

export const exitLineSchema = z.object({
  variant_id: z.uuid({ error: 'required' }),
  quantity: quantityField(1),
});

export const exitDestinationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('customer'),
    customer_id: z.uuid({ error: 'required' }),
    address_id: z.uuid({ error: 'required' }),
  }),
  z.object({ kind: z.literal('location'), location_id: z.uuid({ error: 'required' }) }),
]);
export type ExitDestinationInput = z.input<typeof exitDestinationSchema>;

export const exitCreateSchema = z.object({
  warehouse_id: z.uuid({ error: 'required' }),
  destination: exitDestinationSchema,
  reference: optionalText(EXIT_RULES.referenceMax),
  notes: optionalText(EXIT_RULES.notesMax),
  lines: z
    .array(exitLineSchema)
    .min(1, { error: 'at_least_one' })
    .max(EXIT_RULES.maxLines)
    .superRefine(noDuplicateVariants),
});
export type ExitCreateInput = z.input<typeof exitCreateSchema>;
export type ExitCreateData = z.infer<typeof exitCreateSchema>;

/** Sending to the warehouse: optionally a new quantity per line (0 drops it). */
export const exitProcessSchema = z.object({
  quantities: z
    .array(z.object({ variant_id: z.uuid({ error: 'required' }), quantity: quantityField(0) }))
    .max(EXIT_RULES.maxLines)
    .superRefine(noDuplicateVariants)
    .default([]),
});
export type ExitProcessData = z.infer<typeof exitProcessSchema>;

export const exitsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(EXIT_STATUSES, { error: 'one_of' }).optional(),
  warehouse_id: z.uuid({ error: 'invalid' }).optional(),
  /** The exit's number or words of its reference. */
  search: z.string().trim().max(100).optional(),
  /** One exit: where the inventory's movement history links (`products/outs?exit=<id>`). */
  exit: z.uuid({ error: 'invalid' }).optional(),
});
export type ExitsQuery = z.infer<typeof exitsQuerySchema>;

export const exitLineViewSchema = z.object({
  variant_id: z.string(),
  product_name: z.string(),
  variant_title: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  quantity: z.number().int(),
});
export type ExitLineView = z.infer<typeof exitLineViewSchema>;

export const exitViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(EXIT_STATUSES),
  warehouse: z.object({ id: z.string(), name: z.string(), code: z.string().nullable() }),
  destination: z.object({
    kind: z.enum(EXIT_DESTINATION_KINDS),
    /** The customer's or the location's name as it was when the exit was created. */
    name: z.string(),
    address: addressViewSchema,
  }),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  lines: z.array(exitLineViewSchema),
  /** The guide staff bought when shipping; null until then. */
  guide: z.object({ shipment_id: z.string(), tracking_number: z.string().nullable() }).nullable(),
  created_at: z.string(),
  processing_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type ExitView = z.infer<typeof exitViewSchema>;
export const exitsPageSchema = pageSchema(exitViewSchema);

// Staff dispatch

export const staffExitsQuerySchema = paginationQuerySchema.extend({
  warehouse_id: z.uuid({ error: 'invalid' }).optional(),
  view: z.enum(STAFF_EXIT_VIEWS, { error: 'one_of' }).default('to_dispatch'),
});
export type StaffExitsQuery = z.infer<typeof staffExitsQuerySchema>;

export const staffExitViewSchema = exitViewSchema.extend({
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type StaffExitView = z.infer<typeof staffExitViewSchema>;

/** The organization's saved packages, for packing. */
export const dispatchPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  weight: z.number(),
  unit: z.string(),
});

export const staffExitDetailSchema = staffExitViewSchema.extend({
  packages: z.array(dispatchPackageSchema),
});
export type StaffExitDetail = z.infer<typeof staffExitDetailSchema>;

/** Packing: the parcels, from the catalogue (`package_id`) or measured. */
export const exitQuoteSchema = quoteRequestSchema.pick({ parcels: true });
export type ExitQuoteData = z.infer<typeof exitQuoteSchema>;
export type ExitQuoteInput = z.input<typeof exitQuoteSchema>;

/** Shipping: the parcels quoted and the rate chosen from that quote. */
export const exitShipSchema = exitQuoteSchema.extend({
  quote_id: z.uuid({ error: 'required' }),
  rate_id: z.string().trim().min(1, { error: 'required' }).max(80),
});
export type ExitShipData = z.infer<typeof exitShipSchema>;
export type ExitShipInput = z.input<typeof exitShipSchema>;

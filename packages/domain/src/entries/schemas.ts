import { addressViewSchema } from '../addresses/schemas';
import { noDuplicateVariants, optionalText, requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import {
  ENTRY_INCIDENT_KINDS,
  ENTRY_PRODUCT_DATA,
  ENTRY_RULES,
  ENTRY_STATUSES,
  ENTRY_STOCK_STATUSES,
} from './rules';

/**
 * What the entries screens (`products/entry`, `products/create-entry`, `products/entry-detail`)
 * and the staff receiving console (`/staff/receiving`) send and receive.
 */

const quantity = z
  .number()
  .int({ error: 'integer' })
  .min(1, { error: 'positive' })
  .max(ENTRY_RULES.maxQuantity);

// Announcing an entry

export const entryLineSchema = z.object({
  variant_id: z.uuid({ error: 'required' }),
  expected_quantity: quantity,
});
export type EntryLineInput = z.input<typeof entryLineSchema>;

export const entrySchema = z.object({
  reference: optionalText(ENTRY_RULES.referenceMax),
  warehouse_id: z.uuid({ error: 'required' }),
  expected_date: z.iso.date({ error: 'invalid' }),
  carrier: optionalText(ENTRY_RULES.carrierMax),
  tracking_number: optionalText(ENTRY_RULES.trackingMax),
  lines: z
    .array(entryLineSchema)
    .min(1, { error: 'entry_needs_product' })
    .max(ENTRY_RULES.maxLines)
    .superRefine(noDuplicateVariants),
});
export type EntryInput = z.input<typeof entrySchema>;
export type EntryData = z.infer<typeof entrySchema>;

// Views

export const entryWarehouseSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
});

export const entryPhotoViewSchema = z.object({ id: z.string() });

export const entryIncidentViewSchema = z.object({
  id: z.string(),
  line_id: z.string(),
  kind: z.enum(ENTRY_INCIDENT_KINDS),
  /** Units concerned, when staff counted them. */
  quantity: z.number().int().nullable(),
  note: z.string().nullable(),
  photos: z.array(entryPhotoViewSchema),
  /** The merchant's answer. */
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  resolved: z.boolean(),
  created_at: z.string(),
});
export type EntryIncidentView = z.infer<typeof entryIncidentViewSchema>;

export const entryLineViewSchema = z.object({
  id: z.string(),
  variant_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  variant_title: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  expected: z.number().int(),
  received: z.number().int(),
  /** Units of this line now in on hand. */
  accepted: z.number().int(),
  /** Units of this line under review or damaged, apart from on hand. */
  not_sellable: z.number().int(),
  stock_status: z.enum(ENTRY_STOCK_STATUSES),
  /** Product data a warehouse needs and the catalogue lacks (spec §8). */
  missing_data: z.array(z.enum(ENTRY_PRODUCT_DATA)),
  incidents: z.array(entryIncidentViewSchema),
});
export type EntryLineView = z.infer<typeof entryLineViewSchema>;

/**
 * The warehouse as an entry's page shows it: where to send the goods. Address and phone are null
 * for a warehouse no longer listed (the entry keeps its id).
 */
export const entryDestinationWarehouseSchema = entryWarehouseSchema.extend({
  address: addressViewSchema.nullable(),
  contact_phone: z.string().nullable(),
});

export const entryViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  reference: z.string().nullable(),
  warehouse: entryDestinationWarehouseSchema,
  expected_date: z.string(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  status: z.enum(ENTRY_STATUSES),
  /** Closed by staff before every unit arrived: the rest of incoming was cancelled. */
  closed_short: z.boolean(),
  created_at: z.string(),
  lines: z.array(entryLineViewSchema),
});
export type EntryView = z.infer<typeof entryViewSchema>;

export const entryListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  reference: z.string().nullable(),
  warehouse: entryWarehouseSchema,
  expected_date: z.string(),
  status: z.enum(ENTRY_STATUSES),
  lines_count: z.number().int(),
  expected_total: z.number().int(),
  received_total: z.number().int(),
  open_incidents: z.number().int(),
  created_at: z.string(),
});
export type EntryListItem = z.infer<typeof entryListItemSchema>;

export const staffEntryListItemSchema = entryListItemSchema.extend({
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type StaffEntryListItem = z.infer<typeof staffEntryListItemSchema>;

export const staffEntryViewSchema = entryViewSchema.extend({
  organization: z.object({ id: z.string(), name: z.string() }),
  // Staff are at the warehouse: its address is the merchant's to send goods to.
  warehouse: entryWarehouseSchema,
});
export type StaffEntryView = z.infer<typeof staffEntryViewSchema>;

// Queries and params

export const entriesQuerySchema = paginationQuerySchema.extend({
  status: z.enum(ENTRY_STATUSES, { error: 'one_of' }).optional(),
  warehouse_id: z.uuid({ error: 'invalid' }).optional(),
  /** The entry's number or words of its reference. */
  search: z.string().trim().max(100).optional(),
});
export type EntriesQuery = z.infer<typeof entriesQuerySchema>;

export const receivingQuerySchema = paginationQuerySchema.extend({
  warehouse_id: z.uuid({ error: 'invalid' }).optional(),
  /** By default the entries still to receive (pending and partial). */
  status: z.enum(ENTRY_STATUSES, { error: 'one_of' }).optional(),
  from: z.iso.date({ error: 'invalid' }).optional(),
  to: z.iso.date({ error: 'invalid' }).optional(),
});
export type ReceivingQuery = z.infer<typeof receivingQuerySchema>;

export const entryPhotoParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  photoId: z.uuid({ error: 'invalid' }),
});
export const entryIncidentParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  incidentId: z.uuid({ error: 'invalid' }),
});

// Staff actions

export const RECEIPT_DISPOSITIONS = ['accepted', 'not_sellable'] as const;

export const receiptSchema = z
  .object({
    line_id: z.uuid({ error: 'invalid' }).optional(),
    /** A scanned barcode or a SKU, in place of `line_id`. */
    code: z.string().trim().min(1).max(100).optional(),
    count: quantity,
    disposition: z.enum(RECEIPT_DISPOSITIONS, { error: 'one_of' }).default('accepted'),
  })
  .refine((receipt) => receipt.line_id !== undefined || receipt.code !== undefined, {
    error: 'required',
    path: ['line_id'],
  });
export type ReceiptInput = z.input<typeof receiptSchema>;
export type ReceiptData = z.infer<typeof receiptSchema>;

export const RECLASSIFY_DIRECTIONS = ['accept', 'set_apart'] as const;

export const reclassifySchema = z.object({
  line_id: z.uuid({ error: 'required' }),
  quantity,
  /** accept: not sellable units into on hand; set_apart: on hand units to not sellable. */
  direction: z.enum(RECLASSIFY_DIRECTIONS, { error: 'one_of' }),
});
export type ReclassifyData = z.infer<typeof reclassifySchema>;

export const incidentSchema = z.object({
  line_id: z.uuid({ error: 'required' }),
  kind: z.enum(ENTRY_INCIDENT_KINDS, { error: 'one_of' }),
  quantity: z
    .number()
    .int({ error: 'integer' })
    .min(1, { error: 'positive' })
    .max(ENTRY_RULES.maxQuantity)
    .optional(),
  note: optionalText(ENTRY_RULES.noteMax),
  photo_ids: z
    .array(z.uuid({ error: 'invalid' }))
    .max(ENTRY_RULES.maxPhotos)
    .default([]),
});
export type IncidentInput = z.input<typeof incidentSchema>;
export type IncidentData = z.infer<typeof incidentSchema>;

export const incidentAnswerSchema = z.object({ answer: requiredText(ENTRY_RULES.answerMax) });

export const receiptViewSchema = z.object({
  entry: staffEntryViewSchema,
  /** The Idempotency-Key was already used: nothing was counted this time. */
  replayed: z.boolean(),
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

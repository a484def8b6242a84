import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  entriesQuerySchema,
  entryIncidentParamsSchema,
  entryListItemSchema,
  entryPhotoParamsSchema,
  entryPhotoViewSchema,
  entrySchema,
  entryViewSchema,
  entryWarehouseSchema,
  incidentAnswerSchema,
  incidentSchema,
  receiptSchema,
  receiptViewSchema,
  receivingQuerySchema,
  reclassifySchema,
  staffEntryListItemSchema,
  staffEntryViewSchema,
} from './schemas';

const access = 'warehousing.warehouse_entries';
const one = z.object({ data: entryViewSchema });

/**
 * Warehouse entries (`products/entry`, `products/create-entry`, `products/entry-detail/{id}`):
 * the merchant announces goods to a platform warehouse and follows their receipt. The API
 * implements it in modules/entries/entries.routes.ts, the web calls it from features/entries/api.ts.
 */
export const entriesContract = defineContract('entries', {
  warehouses: defineOperation({
    method: 'GET',
    path: '/entries/warehouses',
    access,
    summary: 'The platform warehouses an entry may go to (active ones, by name)',
    responses: { 200: z.object({ data: z.array(entryWarehouseSchema) }) },
  }),
  list: defineOperation({
    method: 'GET',
    path: '/entries',
    access,
    summary: 'The organization’s warehouse entries, newest first',
    description:
      'Filters by `status` and `warehouse_id`; `search` is an entry number or words of its reference.',
    query: entriesQuerySchema,
    responses: { 200: pageSchema(entryListItemSchema) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/entries',
    access,
    summary: 'Announces an entry to a platform warehouse',
    description:
      'Numbered consecutively per organization. Lines name the organization’s variants (404 otherwise), at least one (`entry_needs_product`) and none twice (`no_duplicates`). A variant without dimensions, weight, SAT keys or barcode answers 400 ENTRY_PRODUCT_DATA_MISSING with `details.lines` (index, variant and what is missing). The expected units show as incoming at the warehouse at once.',
    body: entrySchema,
    responses: { 201: one },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/entries/:id',
    access,
    params: idParamsSchema,
    responses: { 200: one },
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/entries/:id/cancel',
    access,
    summary: 'Cancels an entry nothing of which was received',
    description:
      'The announced incoming is released; once a unit was received it answers 409 ENTRY_NOT_CANCELLABLE.',
    params: idParamsSchema,
    responses: { 200: one },
  }),
  answerIncident: defineOperation({
    method: 'POST',
    path: '/entries/:id/incidents/:incidentId/answer',
    access,
    summary: 'The merchant’s answer to an incident staff recorded',
    params: entryIncidentParamsSchema,
    body: incidentAnswerSchema,
    responses: { 200: one },
  }),
  photo: defineOperation({
    method: 'GET',
    path: '/entries/:id/photos/:photoId',
    access,
    summary: 'A photo of an incident of the entry, WebP',
    params: entryPhotoParamsSchema,
    query: z.object({ size: z.enum(['large', 'thumbnail']).default('large') }),
    download: true,
  }),
});

const staffAccess = 'staff';
const tags = ['staff'];
const staffOne = z.object({ data: staffEntryViewSchema });
const RECEIPT_ANSWERS =
  'Header `Idempotency-Key` (8–100 characters) required: the same key with the same body answers the entry as it is (200, `replayed: true`) and counts nothing; with another body 409 IDEMPOTENCY_KEY_REUSED.';

/**
 * The staff receiving console (`/staff/receiving`): the queue of entries per warehouse and date,
 * counting, incidents with photos, not sellable units accepted or set apart, closing short. Every
 * action is audited. The API implements it in modules/entries/entries.routes.ts, the web calls
 * it from features/entries/receiving-api.ts.
 */
export const staffReceivingContract = defineContract('staff-receiving', {
  queue: defineOperation({
    method: 'GET',
    path: '/staff/receiving',
    access: staffAccess,
    tags,
    summary: 'Entries to receive, by expected date',
    description:
      'Every organization’s entries; without `status` the ones still to receive (pending and partial). Filters by warehouse and expected date range.',
    query: receivingQuerySchema,
    responses: { 200: pageSchema(staffEntryListItemSchema) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/staff/receiving/:id',
    access: staffAccess,
    tags,
    params: idParamsSchema,
    responses: { 200: staffOne },
  }),
  receive: defineOperation({
    method: 'POST',
    path: '/staff/receiving/:id/receipts',
    access: staffAccess,
    tags,
    summary: 'Counts units of one line: into on hand or not sellable',
    description: `The line by \`line_id\` or by a scanned \`code\` (the variant's barcode or SKU, any case; 404 ENTRY_LINE_NOT_FOUND). Incoming goes down by at most what is still expected; counting more than expected records an "over" incident. ${RECEIPT_ANSWERS}`,
    params: idParamsSchema,
    body: receiptSchema,
    idempotencyKey: 'required',
    responses: {
      200: z.object({ data: receiptViewSchema }),
      201: z.object({ data: receiptViewSchema }),
    },
  }),
  reclassify: defineOperation({
    method: 'POST',
    path: '/staff/receiving/:id/reclassifications',
    access: staffAccess,
    tags,
    summary: 'Accepts not sellable units into stock, or sets on hand units apart',
    description: `Only units this line brought (409 ENTRY_NOTHING_TO_ACCEPT otherwise). ${RECEIPT_ANSWERS}`,
    params: idParamsSchema,
    body: reclassifySchema,
    idempotencyKey: 'required',
    responses: {
      200: z.object({ data: receiptViewSchema }),
      201: z.object({ data: receiptViewSchema }),
    },
  }),
  uploadPhoto: defineOperation({
    method: 'POST',
    path: '/staff/receiving/:id/photos',
    access: staffAccess,
    tags,
    summary: 'A photo for an incident of the entry',
    description:
      'multipart/form-data with one image: JPEG, PNG or WebP read from its content, at most 1 MB. Stored as WebP; an incident then names it in `photo_ids`.',
    params: idParamsSchema,
    upload: { field: 'file' },
    responses: { 201: z.object({ data: entryPhotoViewSchema }) },
  }),
  photo: defineOperation({
    method: 'GET',
    path: '/staff/receiving/:id/photos/:photoId',
    access: staffAccess,
    tags,
    params: entryPhotoParamsSchema,
    query: z.object({ size: z.enum(['large', 'thumbnail']).default('large') }),
    download: true,
  }),
  recordIncident: defineOperation({
    method: 'POST',
    path: '/staff/receiving/:id/incidents',
    access: staffAccess,
    tags,
    summary: 'Records an incident on a line (short, over, damaged, wrong item)',
    description:
      'With a note and the ids of photos uploaded to this entry (422 ENTRY_PHOTO_NOT_FOUND otherwise). The merchant is notified.',
    params: idParamsSchema,
    body: incidentSchema,
    responses: { 201: staffOne },
  }),
  resolveIncident: defineOperation({
    method: 'POST',
    path: '/staff/receiving/:id/incidents/:incidentId/resolve',
    access: staffAccess,
    tags,
    summary: 'Marks an incident as settled',
    params: entryIncidentParamsSchema,
    responses: { 200: staffOne },
  }),
  close: defineOperation({
    method: 'POST',
    path: '/staff/receiving/:id/close',
    access: staffAccess,
    tags,
    summary: 'Closes an entry short: what did not arrive stops being incoming',
    description:
      'The entry becomes received; each line’s expected units not counted are cancelled from incoming. The merchant is notified. A closed or cancelled entry answers 409 ENTRY_CLOSED.',
    params: idParamsSchema,
    responses: { 200: staffOne },
  }),
});

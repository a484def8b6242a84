import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  classificationCandidateSchema,
  classificationItemParamsSchema,
  classificationItemSchema,
  classificationNotClassifiableSchema,
  classificationNoteSchema,
  classificationQuoteSchema,
  classificationQuoteViewSchema,
  classificationRejectSchema,
  classificationRequestCreateSchema,
  classificationRequestSchema,
  classificationRequestsQuerySchema,
  classificationRequestSummarySchema,
  classificationResubmitSchema,
  classificationResultInputSchema,
  staffClassificationImageParamsSchema,
  staffClassificationQueueQuerySchema,
  staffClassificationSchema,
  staffClassificationSummarySchema,
  tariffSearchQuerySchema,
} from './schemas';

const access = 'international_trade.tariff_classification';
const tags = ['classification'];
const requestAnswer = z.object({ data: classificationRequestSchema });

/**
 * `tariff-classification`, `/create` and `/create/{id}` (spec §2, menu International trade).
 * The API implements it in modules/classification/classification.routes.ts, the web calls it
 * from features/classification/api.ts.
 */
export const classificationContract = defineContract('classification', {
  list: defineOperation({
    method: 'GET',
    path: '/tariff-classifications',
    access,
    tags,
    query: classificationRequestsQuerySchema,
    responses: { 200: pageSchema(classificationRequestSummarySchema) },
  }),
  quote: defineOperation({
    method: 'POST',
    path: '/tariff-classifications/quote',
    access,
    tags,
    summary: 'The price, the balance and what each picked product still needs; moves nothing',
    body: classificationQuoteSchema,
    responses: { 200: z.object({ data: classificationQuoteViewSchema }) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/tariff-classifications',
    access,
    tags,
    description:
      'Requests the classification of one or more products: 120.00 MXN each (VAT included) is held on the balance, every product or none (402 INSUFFICIENT_BALANCE writes nothing; `details.required_centavos` and `details.available_centavos` say how much to deposit). The products move to PROCESS_CLASSIFICATION, due in 7 business days (Mexico City). 409 CLASSIFICATION_ALREADY_OPEN for a product already classified or under way; a product of another organization is 404.',
    body: classificationRequestCreateSchema,
    responses: { 201: requestAnswer },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/tariff-classifications/:id',
    access,
    tags,
    params: idParamsSchema,
    responses: { 200: requestAnswer },
  }),
  resubmit: defineOperation({
    method: 'POST',
    path: '/tariff-classifications/:id/items/:itemId/resubmit',
    access,
    tags,
    description:
      'A rejected product, completed, goes back to the queue (PROCESS_CLASSIFICATION) with a new due date. It pays nothing again: when the reject kept the fee on hold it stays; when it released it, the fee is held again (402 INSUFFICIENT_BALANCE).',
    params: classificationItemParamsSchema,
    body: classificationResubmitSchema,
    responses: { 200: z.object({ data: classificationItemSchema }) },
  }),
  dictamen: defineOperation({
    method: 'GET',
    path: '/tariff-classifications/:id/items/:itemId/dictamen',
    access,
    tags,
    summary: 'The classification ruling (PDF) of a published product',
    description:
      '409 CLASSIFICATION_DICTAMEN_UNAVAILABLE until the product is CLASSIFIED. Outside production it carries the sandbox mark.',
    params: classificationItemParamsSchema,
    download: true,
  }),
});

const staff = 'staff';
const staffTags = ['staff'];
const staffAnswer = z.object({ data: staffClassificationSchema });

/**
 * The classification console (`/staff/classification`). The API implements it in
 * modules/classification/staff-classification.routes.ts, the web calls it from
 * features/classification/staff-api.ts.
 */
export const staffClassificationContract = defineContract('staff-classification', {
  queue: defineOperation({
    method: 'GET',
    path: '/staff/classification',
    access: staff,
    tags: staffTags,
    description:
      'Products to classify of every organization, the nearest due date first; `business_days_left` is negative when late.',
    query: staffClassificationQueueQuerySchema,
    responses: { 200: pageSchema(staffClassificationSummarySchema) },
  }),
  tariffSearch: defineOperation({
    method: 'GET',
    path: '/staff/classification/tariff-search',
    access: staff,
    tags: staffTags,
    description:
      'The picker: digits (dots and spaces allowed) match codes by prefix; words search the descriptions of the catalogue in force on `date` (Spanish full text and trigram similarity), up to 20 with why each matched.',
    query: tariffSearchQuerySchema,
    responses: { 200: z.object({ data: z.array(classificationCandidateSchema) }) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/staff/classification/:id',
    access: staff,
    tags: staffTags,
    params: idParamsSchema,
    responses: { 200: staffAnswer },
  }),
  image: defineOperation({
    method: 'GET',
    path: '/staff/classification/:id/images/:imageId',
    access: staff,
    tags: staffTags,
    summary: 'A photo of the product under classification, WebP; `size=thumbnail` for 320 px',
    description:
      'Only the photos of the product of this classification (404 for any other image or id).',
    params: staffClassificationImageParamsSchema,
    query: z.object({ size: z.enum(['large', 'thumbnail']).default('large') }),
    download: true,
  }),
  datasheet: defineOperation({
    method: 'GET',
    path: '/staff/classification/:id/datasheet',
    access: staff,
    tags: staffTags,
    summary: 'The data sheet (PDF) of the product under classification; 404 when it has none',
    params: idParamsSchema,
    download: true,
  }),
  candidates: defineOperation({
    method: 'GET',
    path: '/staff/classification/:id/candidates',
    access: staff,
    tags: staffTags,
    description:
      'Up to 5 codes proposed from the product’s description, materials and use: from the catalogue in force today and from products of the same organization already classified, each with why it matched.',
    params: idParamsSchema,
    responses: { 200: z.object({ data: z.array(classificationCandidateSchema) }) },
  }),
  claim: defineOperation({
    method: 'POST',
    path: '/staff/classification/:id/claim',
    access: staff,
    tags: staffTags,
    summary: 'The caller becomes the classifier (PROCESS_CLASSIFICATION → IN_CLASSIFICATION)',
    params: idParamsSchema,
    responses: { 200: staffAnswer },
  }),
  recordResult: defineOperation({
    method: 'PUT',
    path: '/staff/classification/:id/result',
    access: staff,
    tags: staffTags,
    description:
      'The classifier records (or corrects) the result while IN_CLASSIFICATION. The code must be in force today in c_FraccionArancelaria (422 TARIFF_CODE_NOT_IN_FORCE); its customs unit and texts are the catalogue’s.',
    params: idParamsSchema,
    body: classificationResultInputSchema,
    responses: { 200: staffAnswer },
  }),
  sendToReview: defineOperation({
    method: 'POST',
    path: '/staff/classification/:id/review',
    access: staff,
    tags: staffTags,
    summary: 'The classifier hands the recorded result to a second person (→ IN_REVIEW)',
    params: idParamsSchema,
    body: classificationNoteSchema,
    responses: { 200: staffAnswer },
  }),
  returnToClassifier: defineOperation({
    method: 'POST',
    path: '/staff/classification/:id/return',
    access: staff,
    tags: staffTags,
    summary: 'The reviewer sends it back to the classifier with a note (→ IN_CLASSIFICATION)',
    params: idParamsSchema,
    body: classificationNoteSchema,
    responses: { 200: staffAnswer },
  }),
  publish: defineOperation({
    method: 'POST',
    path: '/staff/classification/:id/publish',
    access: staff,
    tags: staffTags,
    description:
      'The reviewer approves (never the classifier: 409 CLASSIFICATION_REVIEWER_IS_CLASSIFIER): the code is checked again against the catalogue in force today, the product gets its tariff code and CLASSIFIED, the fee is captured once, the merchant is notified.',
    params: idParamsSchema,
    responses: { 200: staffAnswer },
  }),
  reject: defineOperation({
    method: 'POST',
    path: '/staff/classification/:id/reject',
    access: staff,
    tags: staffTags,
    description:
      'Insufficient information (→ REJECT): the merchant completes and resubmits. `fee: keep` leaves the fee on hold for the resubmission, `release` returns it now.',
    params: idParamsSchema,
    body: classificationRejectSchema,
    responses: { 200: staffAnswer },
  }),
  notClassifiable: defineOperation({
    method: 'POST',
    path: '/staff/classification/:id/not-classifiable',
    access: staff,
    tags: staffTags,
    description:
      'Needs a lab test, a sample or a formal ruling (→ NOT_CLASSIFIABLE): `fee: refund` returns it, `capture` charges it; the candidate codes are listed to the merchant.',
    params: idParamsSchema,
    body: classificationNotClassifiableSchema,
    responses: { 200: staffAnswer },
  }),
});

/** Where staff open a photo of the product under classification (the 1200 px WebP or 320 px). */
export const staffClassificationImageUrl = (
  id: string,
  imageId: string,
  size: 'large' | 'thumbnail' = 'large',
) =>
  `/api/v1${staffClassificationContract.image.path.replace(':id', id).replace(':imageId', imageId)}${size === 'thumbnail' ? '?size=thumbnail' : ''}`;

/** Where staff download the data sheet of the product under classification. */
export const staffClassificationDatasheetUrl = (id: string) =>
  `/api/v1${staffClassificationContract.datasheet.path.replace(':id', id)}`;

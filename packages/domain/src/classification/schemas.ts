import { classifiedTariffCodeSchema } from '../catalogs/tariff';
import { optionalText, requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { countryCodeField } from '../products/schemas';
import { z } from '../validation';
import { dayField } from '../wallet/transactions';
import {
  CANDIDATE_SOURCES,
  CLASSIFICATION_RULES,
  CLASSIFICATION_STATUSES,
  DUTY_KINDS,
  FEE_STATES,
  INTERPRETATION_RULES,
  NOT_CLASSIFIABLE_FEE_DECISIONS,
  NOT_CLASSIFIABLE_NEEDS,
  REJECT_FEE_DECISIONS,
  RESTRICTION_AUTHORITIES,
  RESTRICTION_KINDS,
} from './rules';

const R = CLASSIFICATION_RULES;

// ——— What the merchant sends ———

/**
 * What a classifier needs of one product. The product's data sheet and images go with it as
 * the product holds them (uploaded on the product form).
 */
export const classificationInputsSchema = z.object({
  /** What the product is, in the merchant's words. */
  description: requiredText(R.inputMax),
  /** Material composition, with percentages where known. */
  materials: requiredText(R.inputMax),
  /** Function and use. */
  use: requiredText(R.inputMax),
  brand: optionalText(R.shortInputMax),
  model: optionalText(R.shortInputMax),
  /** ISO 3166 alpha-3, as products store it. */
  origin_country: countryCodeField,
  /** Anything else the classifier should know. */
  notes: optionalText(R.inputMax),
});
export type ClassificationInputs = z.infer<typeof classificationInputsSchema>;

export const classificationItemInputSchema = classificationInputsSchema.extend({
  product_id: z.uuid({ error: 'invalid' }),
});

/** `POST /tariff-classifications`: the fee of every product is held at once, or none. */
export const classificationRequestCreateSchema = z.object({
  items: z
    .array(classificationItemInputSchema)
    .min(1, { error: 'at_least_one' })
    .max(R.itemsMax)
    .refine((items) => new Set(items.map((item) => item.product_id)).size === items.length, {
      error: 'no_duplicates',
    }),
});
export type ClassificationRequestCreate = z.infer<typeof classificationRequestCreateSchema>;

/** `POST /tariff-classifications/quote`: the products the merchant picked. */
export const classificationQuoteSchema = z.object({
  product_ids: z
    .array(z.uuid({ error: 'invalid' }))
    .min(1, { error: 'at_least_one' })
    .max(R.itemsMax),
});
export type ClassificationQuoteInput = z.infer<typeof classificationQuoteSchema>;

/** `POST …/items/:itemId/resubmit`: a rejected product, completed. */
export const classificationResubmitSchema = classificationInputsSchema;

export const classificationItemParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  itemId: z.uuid({ error: 'invalid' }),
});

export const staffClassificationImageParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  imageId: z.uuid({ error: 'invalid' }),
});

export const classificationRequestsQuerySchema = paginationQuerySchema.extend({
  /** Requests with at least one product in this status. */
  status: z.enum(CLASSIFICATION_STATUSES, { error: 'one_of' }).optional(),
  /** Words of a product's name. */
  search: z.string().trim().max(100).optional(),
});
export type ClassificationRequestsQuery = z.infer<typeof classificationRequestsQuerySchema>;

// ——— What the merchant reads ———

const productSnapshotSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});

/** A code and its text as the result cites it (chapter "84", heading "8471", …). */
const chainLinkSchema = z.object({ code: z.string(), description: z.string() });

const dutySchema = z.object({
  kind: z.enum(DUTY_KINDS),
  /** Percent of the customs value; null when exempt. */
  rate_percent: z.number().nullable(),
});
export type Duty = z.infer<typeof dutySchema>;

const restrictionSchema = z.object({
  kind: z.enum(RESTRICTION_KINDS),
  authority: z.enum(RESTRICTION_AUTHORITIES),
  /** "NOM-024-SCFI-2013", "Permiso previo de importación". */
  code: z.string(),
  description: z.string(),
});
export type Restriction = z.infer<typeof restrictionSchema>;

/** A published (or proposed) classification of one product. */
export const classificationResultSchema = z.object({
  /** The 10 digits: fracción then NICO. */
  code: z.string(),
  fraction: z.string(),
  nico: z.string(),
  /** The unidad de medida de la tarifa of the catalogue ("06", "PIEZA"). */
  customs_unit: z.object({ code: z.string(), name: z.string() }),
  chain: z.object({
    chapter: chainLinkSchema,
    heading: chainLinkSchema,
    subheading: chainLinkSchema,
    fraction: chainLinkSchema,
    nico: chainLinkSchema,
  }),
  rationale: z.object({ rules: z.array(z.enum(INTERPRETATION_RULES)), text: z.string() }),
  /** IGI by origin: general, preferential under T-MEC, and for countries without an agreement. */
  duties: z.object({
    general: dutySchema,
    tmec: dutySchema,
    /** Since 2026, higher on some fracciones for countries without a trade agreement. */
    no_agreement: dutySchema.nullable(),
  }),
  restrictions: z.array(restrictionSchema),
  /** YYYY-MM-DD: the day of the tariff data the duties and restrictions were read from. */
  tariff_data_date: z.string(),
  /** YYYY-MM-DD: the day the code was checked against the catalogue in force. */
  validated_on: z.string(),
});
export type ClassificationResult = z.infer<typeof classificationResultSchema>;

/** A candidate code as the staff console proposes it, with why it matched. */
export const classificationCandidateSchema = z.object({
  code: z.string(),
  fraction: z.string(),
  nico: z.string(),
  description: z.string(),
  source: z.enum(CANDIDATE_SOURCES),
  /** The organization's product classified with it (source `organization`). */
  product: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** 0–1: the better of the full-text rank and the trigram similarity. */
  score: z.number(),
  /** The words of the query the Spanish full-text search found (stemmed forms matched). */
  matched_words: z.array(z.string()),
  /** Trigram similarity of the query to the description, 0–1. */
  similarity: z.number(),
  /** The code starts with the digits searched. */
  code_match: z.boolean(),
});
export type ClassificationCandidate = z.infer<typeof classificationCandidateSchema>;

const feeSchema = z.object({
  amount_centavos: z.number().int(),
  vat_centavos: z.number().int(),
  state: z.enum(FEE_STATES),
});

export const classificationItemSchema = z.object({
  id: z.uuid(),
  request_id: z.uuid(),
  product: productSnapshotSchema,
  status: z.enum(CLASSIFICATION_STATUSES),
  inputs: classificationInputsSchema.extend({
    brand: z.string().nullable(),
    model: z.string().nullable(),
    notes: z.string().nullable(),
  }),
  fee: feeSchema,
  /** YYYY-MM-DD, business days in Mexico City. */
  due_date: z.string(),
  /** Published result; null until CLASSIFIED. */
  result: classificationResultSchema.nullable(),
  /** Why it went back to the merchant (REJECT). */
  reject_reason: z.string().nullable(),
  not_classifiable: z
    .object({
      reason: z.string(),
      needs: z.enum(NOT_CLASSIFIABLE_NEEDS),
      candidates: z.array(z.object({ code: z.string(), description: z.string() })),
    })
    .nullable(),
  /** The merchant can complete the inputs and resubmit (REJECT). */
  can_resubmit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClassificationItem = z.infer<typeof classificationItemSchema>;

export const classificationRequestSchema = z.object({
  id: z.uuid(),
  /** Per organization, from 1. */
  number: z.number().int(),
  created_at: z.string(),
  due_date: z.string(),
  total_centavos: z.number().int(),
  vat_centavos: z.number().int(),
  items: z.array(classificationItemSchema),
});
export type ClassificationRequest = z.infer<typeof classificationRequestSchema>;

export const classificationRequestSummarySchema = classificationRequestSchema
  .omit({ items: true })
  .extend({
    items: z.array(
      z.object({
        id: z.uuid(),
        product: productSnapshotSchema,
        status: z.enum(CLASSIFICATION_STATUSES),
        code: z.string().nullable(),
      }),
    ),
  });
export type ClassificationRequestSummary = z.infer<typeof classificationRequestSummarySchema>;

/** Before paying: the price, the balance, and what each product still needs. */
export const classificationQuoteViewSchema = z.object({
  products: z.array(
    z.object({
      product: productSnapshotSchema,
      /** What the product already holds, to prefill the form. */
      inputs: z.object({
        description: z.string().nullable(),
        materials: z.string().nullable(),
        use: z.string().nullable(),
        brand: z.string().nullable(),
        model: z.string().nullable(),
        origin_country: z.string().nullable(),
      }),
      has_datasheet: z.boolean(),
      images_count: z.number().int(),
      /** Required inputs still blank (keys of CLASSIFICATION_REQUIRED_INPUTS). */
      missing: z.array(z.string()),
      /** Already classified or under way: it cannot be requested again. */
      open_status: z.enum(CLASSIFICATION_STATUSES).nullable(),
    }),
  ),
  unit_price_centavos: z.number().int(),
  total_centavos: z.number().int(),
  /** VAT included in the total. */
  vat_centavos: z.number().int(),
  available_centavos: z.number().int(),
  sufficient_balance: z.boolean(),
  /** Mexico City business day it would be due if requested now. */
  due_date: z.string(),
});
export type ClassificationQuote = z.infer<typeof classificationQuoteViewSchema>;

// ——— Staff console (`/staff/classification`) ———

export const staffClassificationQueueQuerySchema = paginationQuerySchema.extend({
  /** Absent: every open status (queued, in classification, in review). */
  status: z.enum(CLASSIFICATION_STATUSES, { error: 'one_of' }).optional(),
  assignee: z.enum(['me', 'unassigned'], { error: 'one_of' }).optional(),
  /** Only past their due date. */
  late: z
    .enum(['true', 'false'], { error: 'one_of' })
    .transform((value) => value === 'true')
    .optional(),
  /** Words of the product's or the organization's name. */
  search: z.string().trim().max(100).optional(),
});
export type StaffClassificationQueueQuery = z.infer<typeof staffClassificationQueueQuerySchema>;

const personSchema = z.object({ id: z.uuid(), name: z.string() });

export const staffClassificationSummarySchema = z.object({
  id: z.uuid(),
  request_id: z.uuid(),
  organization: z.object({ id: z.uuid(), name: z.string() }),
  product: productSnapshotSchema,
  status: z.enum(CLASSIFICATION_STATUSES),
  due_date: z.string(),
  /** Business days until due (negative when late). */
  business_days_left: z.number().int(),
  late: z.boolean(),
  classifier: personSchema.nullable(),
  reviewer: personSchema.nullable(),
  created_at: z.string(),
});
export type StaffClassificationSummary = z.infer<typeof staffClassificationSummarySchema>;

export const classificationTransitionSchema = z.object({
  from: z.enum(CLASSIFICATION_STATUSES),
  to: z.enum(CLASSIFICATION_STATUSES),
  actor: z.object({ kind: z.enum(['merchant', 'staff', 'system']), name: z.string() }),
  note: z.string().nullable(),
  at: z.string(),
});
export type ClassificationTransition = z.infer<typeof classificationTransitionSchema>;

export const staffClassificationSchema = staffClassificationSummarySchema.extend({
  inputs: classificationItemSchema.shape.inputs,
  fee: feeSchema,
  /**
   * The product's data sheet and photos as the merchant uploaded them, at the console's own
   * operations (the organization's would refuse a staff session).
   */
  datasheet: z.object({ name: z.string(), url: z.string() }).nullable(),
  images: z.array(z.object({ id: z.uuid(), url: z.string(), thumbnail_url: z.string() })),
  /** The result being prepared or reviewed, or the published one. */
  result: classificationResultSchema.nullable(),
  reject_reason: z.string().nullable(),
  not_classifiable: classificationItemSchema.shape.not_classifiable,
  transitions: z.array(classificationTransitionSchema),
});
export type StaffClassification = z.infer<typeof staffClassificationSchema>;

const chainTextSchema = requiredText(R.inputMax);
const dutyInputSchema = z
  .object({
    kind: z.enum(DUTY_KINDS, { error: 'one_of' }),
    rate_percent: z.coerce.number({ error: 'invalid' }).min(0).max(1000).nullable().default(null),
  })
  .refine((duty) => duty.kind === 'exempt' || duty.rate_percent !== null, {
    error: 'required',
    path: ['rate_percent'],
  })
  // An exempt fracción pays no rate, whatever the form still held.
  .transform((duty) => (duty.kind === 'exempt' ? { ...duty, rate_percent: null } : duty));

/**
 * `PUT /staff/classification/:id/result`: what the classifier records. The customs unit and
 * the NICO's text come from the catalogue; the chapter, heading, subheading and fracción texts,
 * the duties and the restrictions are the classifier's (SAT's catalogue has none of them).
 */
export const classificationResultInputSchema = z.object({
  code: classifiedTariffCodeSchema,
  chapter: chainTextSchema,
  heading: chainTextSchema,
  subheading: chainTextSchema,
  /** The 8-digit fracción's text (the catalogue's is the NICO's). */
  fraction_text: chainTextSchema,
  rationale_rules: z.array(z.enum(INTERPRETATION_RULES, { error: 'one_of' })).min(1, {
    error: 'required',
  }),
  rationale: requiredText(R.rationaleMax),
  duties: z.object({
    general: dutyInputSchema,
    tmec: dutyInputSchema,
    no_agreement: dutyInputSchema.nullable().default(null),
  }),
  restrictions: z
    .array(
      z.object({
        kind: z.enum(RESTRICTION_KINDS, { error: 'one_of' }),
        authority: z.enum(RESTRICTION_AUTHORITIES, { error: 'one_of' }),
        code: requiredText(R.shortInputMax),
        description: requiredText(R.inputMax),
      }),
    )
    .max(R.restrictionsMax)
    .default([]),
  tariff_data_date: dayField,
});
export type ClassificationResultInput = z.infer<typeof classificationResultInputSchema>;

export const classificationNoteSchema = z.object({ note: optionalText(R.reasonMax) });
export const classificationRejectSchema = z.object({
  reason: requiredText(R.reasonMax),
  fee: z.enum(REJECT_FEE_DECISIONS, { error: 'one_of' }),
});
export type ClassificationReject = z.infer<typeof classificationRejectSchema>;

export const classificationNotClassifiableSchema = z.object({
  reason: requiredText(R.reasonMax),
  needs: z.enum(NOT_CLASSIFIABLE_NEEDS, { error: 'one_of' }),
  fee: z.enum(NOT_CLASSIFIABLE_FEE_DECISIONS, { error: 'one_of' }),
  /** Codes the classifier considered (each checked against the catalogue). */
  candidates: z.array(classifiedTariffCodeSchema).max(R.candidatesMax).default([]),
});
export type ClassificationNotClassifiable = z.infer<typeof classificationNotClassifiableSchema>;

/** `GET /staff/classification/tariff-search`: the picker, by code prefix or words. */
export const tariffSearchQuerySchema = z.object({
  search: z.string().trim().min(1, { error: 'required' }).max(200),
  /** Codes in force that day (YYYY-MM-DD); absent, today in Mexico City. */
  date: dayField.optional(),
});
export type TariffSearchQuery = z.infer<typeof tariffSearchQuerySchema>;

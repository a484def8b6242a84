import { normalizeRfc, rfcProblem } from '../accounts/tax';
import { CARRIER_KEYS } from '../carriers/catalog';
import { classifiedTariffCodeSchema, TARIFF_FRACTION_PATTERN } from '../catalogs/tariff';
import { emailField, optionalCompanyField, optionalText, requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { countryCodeField } from '../products/schemas';
import { shipmentDetailSchema, SHIPMENT_STATUSES, PURCHASE_STATES } from '../shipments/schemas';
import {
  parcelsField,
  quoteParcelSchema,
  rateViewSchema,
  unavailableCarrierSchema,
} from '../shipments/quotes';
import { z } from '../validation';
import { pesosField } from '../wallet/deposits';
import { dayField } from '../wallet/transactions';
import {
  T1_CURRENCIES,
  T1_CUSTOMS_STATUSES,
  T1_DIRECTIONS,
  T1_INCOTERMS,
  T1_LINE_REFUSALS,
  T1_REASONS,
  T1_RESTRICTION_AUTHORITIES,
  T1_RESTRICTION_KINDS,
  T1_RESTRICTION_SCOPES,
  T1_RULES,
  taxIdRequired,
} from './rules';

const R = T1_RULES;

// ——— What the merchant sends ———

/** ISO 3166 alpha-2, as carriers and addresses write a country ("US", "CA"). */
const iso2Field = z
  .string({ error: 'required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'country_iso2' });

/**
 * The side abroad: any country but Mexico, with the fields couriers print on an international
 * label. The Mexican side is one of the organization's locations, validated as addresses are.
 */
export const foreignAddressSchema = z.object({
  country: iso2Field.refine((country) => country !== 'MX', { error: 'country_abroad' }),
  postal_code: z
    .string({ error: 'required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9 -]{1,9}$/, { error: 'postal_code_foreign' }),
  city: requiredText(35),
  /** State, province or region; not every country has one. */
  state: optionalText(50),
  line1: requiredText(35),
  line2: optionalText(35),
  contact_name: requiredText(100),
  company: optionalCompanyField,
  email: emailField,
  /** With its country code, as the courier dials it ("+1 512 555 0100"). */
  phone: z
    .string({ error: 'required' })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, { error: 'phone_international' }),
});
export type ForeignAddressInput = z.input<typeof foreignAddressSchema>;
export type ForeignAddress = z.infer<typeof foreignAddressSchema>;

/** One line of the commercial invoice: a catalogue product with its tariff code. */
export const t1LineInputSchema = z.object({
  product_id: z.uuid({ error: 'required' }),
  /** In English: what the commercial invoice says the goods are. */
  description: requiredText(R.descriptionMax),
  /** Fracción + NICO (10 digits), checked against the catalogue in force on the day. */
  tariff_code: classifiedTariffCodeSchema,
  quantity: z
    .number({ error: 'number' })
    .int({ error: 'integer' })
    .positive({ error: 'positive' })
    .max(R.quantityMax),
  /** Value of one unit in the invoice's currency ("12.50"), answered as cents. */
  unit_value: pesosField(R.unitValueMaxCents, 'max_price'),
  /** SAT c_Pais (ISO 3166 alpha-3), as products store it. */
  origin_country: countryCodeField,
});
export type T1LineInput = z.input<typeof t1LineInputSchema>;

/**
 * `POST /international-shipments/quotes`: the whole shipment as the wizard gathered it. The
 * answer holds the carriers' international rates and the duties estimate; buying names the
 * quote and a rate, so what is bought is exactly what was quoted.
 */
export const t1QuoteRequestSchema = z
  .object({
    direction: z.enum(T1_DIRECTIONS, { error: 'one_of' }),
    /** The organization's location: the shipper on an export, the recipient on an import. */
    location_id: z.uuid({ error: 'required' }),
    abroad: foreignAddressSchema,
    packages: parcelsField,
    currency: z.enum(T1_CURRENCIES, { error: 'one_of' }),
    lines: z.array(t1LineInputSchema).min(1, { error: 'at_least_one' }).max(R.linesMax),
    incoterm: z.enum(T1_INCOTERMS, { error: 'one_of' }),
    reason: z.enum(T1_REASONS, { error: 'one_of' }),
    /** Required when the reason is `other`. */
    reason_detail: optionalText(R.reasonDetailMax),
    /**
     * The recipient's tax ID: their RFC on an import (required), the destination's ID on an
     * export where its customs ask for one (`T1_TAX_ID_COUNTRIES`).
     */
    recipient_tax_id: optionalText(R.taxIdMax),
    /** The merchant's own reference, printed on the label and the invoice. */
    reference: optionalText(30),
  })
  .superRefine((request, context) => {
    if (request.reason === 'other' && !request.reason_detail) {
      context.addIssue({ code: 'custom', message: 'required', path: ['reason_detail'] });
    }
    const taxId = request.recipient_tax_id;
    if (!taxId) {
      if (taxIdRequired(request.direction, request.abroad.country)) {
        context.addIssue({
          code: 'custom',
          message: 'tax_id_required',
          path: ['recipient_tax_id'],
        });
      }
      return;
    }
    if (request.direction === 'import') {
      const problem = rfcProblem(normalizeRfc(taxId));
      if (problem) {
        context.addIssue({
          code: 'custom',
          message: problem === 'check_digit' ? 'rfc_check_digit' : 'rfc',
          path: ['recipient_tax_id'],
        });
      }
    }
  })
  .transform((request) =>
    request.direction === 'import' && request.recipient_tax_id
      ? { ...request, recipient_tax_id: normalizeRfc(request.recipient_tax_id) }
      : request,
  );
export type T1QuoteRequestInput = z.input<typeof t1QuoteRequestSchema>;
export type T1QuoteRequest = z.infer<typeof t1QuoteRequestSchema>;

/** `POST /international-shipments`: buys the quoted shipment at one of its rates. */
export const t1CreateSchema = z.object({
  quote_id: z.uuid({ error: 'required' }),
  rate_id: requiredText(80),
});
export type T1CreateInput = z.infer<typeof t1CreateSchema>;

export const t1ShipmentsQuerySchema = paginationQuerySchema.extend({
  direction: z.enum(T1_DIRECTIONS, { error: 'one_of' }).optional(),
  customs_status: z.enum(T1_CUSTOMS_STATUSES, { error: 'one_of' }).optional(),
  /** Tracking number, the contact or company abroad, or the reference. */
  search: z.string().trim().max(100).optional(),
});
export type T1ShipmentsQuery = z.infer<typeof t1ShipmentsQuerySchema>;

// ——— What the merchant reads ———

export const foreignAddressViewSchema = z.object({
  country: z.string(),
  postal_code: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  contact_name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
});
export type ForeignAddressView = z.infer<typeof foreignAddressViewSchema>;

export const t1LineViewSchema = z.object({
  product: z.object({ id: z.string(), name: z.string(), sku: z.string().nullable() }),
  description: z.string(),
  /** 10 digits; `fraction` and `nico` split it. */
  tariff_code: z.string(),
  fraction: z.string(),
  nico: z.string(),
  /** The catalogue's text of the code in force on the day checked. */
  tariff_description: z.string(),
  quantity: z.number().int(),
  unit_value: z.number().int(),
  /** quantity × unit_value, cents of the invoice's currency. */
  subtotal: z.number().int(),
  origin_country: z.string(),
});
export type T1LineView = z.infer<typeof t1LineViewSchema>;

/** The band of the rates table the estimate used, as staff recorded it. */
const dutyBandViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** ISO alpha-2, or `*` (any country without a row of its own). */
  country: z.string(),
  min_value_usd_cents: z.number().int(),
  max_value_usd_cents: z.number().int().nullable(),
  rate_basis_points: z.number().int(),
  /** "33.5" */
  rate_percent: z.string(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  source: z.string(),
});

export const exchangeRateViewSchema = z.object({
  id: z.string(),
  /** MXN per USD, four decimals ("18.2500"). */
  usd_mxn: z.string(),
  effective_from: z.string(),
  source: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExchangeRateView = z.infer<typeof exchangeRateViewSchema>;

/**
 * The duties and taxes estimate shown before paying, with its basis: the band, its rate, the
 * value in USD, the exchange rate and the day. `band` null: no row covers an export's
 * destination (no estimate; the recipient's customs decide). Never charged by Despacho.
 */
export const t1DutiesSchema = z.object({
  /** YYYY-MM-DD (Mexico City): the day whose rates were read. */
  day: z.string(),
  /** Who pays them to the courier: the recipient (DAP) or the shipper (DDP). */
  payer: z.enum(['recipient', 'shipper']),
  invoice_total_cents: z.number().int(),
  currency: z.enum(T1_CURRENCIES),
  value_usd_cents: z.number().int(),
  exchange_rate: exchangeRateViewSchema.pick({
    id: true,
    usd_mxn: true,
    effective_from: true,
    source: true,
  }),
  band: dutyBandViewSchema.nullable(),
  duties_usd_cents: z.number().int().nullable(),
  duties_mxn_centavos: z.number().int().nullable(),
  /** What the figure means, in the reader's language. */
  note: z.string(),
});
export type T1Duties = z.infer<typeof t1DutiesSchema>;

const declarationViewSchema = z.object({
  direction: z.enum(T1_DIRECTIONS),
  location_id: z.string(),
  abroad: foreignAddressViewSchema,
  currency: z.enum(T1_CURRENCIES),
  lines: z.array(t1LineViewSchema),
  invoice_total_cents: z.number().int(),
  incoterm: z.enum(T1_INCOTERMS),
  reason: z.enum(T1_REASONS),
  reason_detail: z.string().nullable(),
  recipient_tax_id: z.string().nullable(),
  reference: z.string().nullable(),
});

/** A quote: the declaration as checked, the carriers' international rates and the duties. */
export const t1QuoteViewSchema = declarationViewSchema.extend({
  id: z.string(),
  parcels: z.array(quoteParcelSchema),
  rates: z.array(rateViewSchema),
  unavailable: z.array(unavailableCarrierSchema),
  duties: t1DutiesSchema,
  /** The shipment bought from this quote, once bought. */
  shipment_id: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type T1QuoteView = z.infer<typeof t1QuoteViewSchema>;

export const t1CustomsEventSchema = z.object({
  status: z.enum(T1_CUSTOMS_STATUSES),
  note: z.string().nullable(),
  actor: z.enum(['system', 'staff']),
  at: z.string(),
});
export type T1CustomsEvent = z.infer<typeof t1CustomsEventSchema>;

/** A row of `my international shipments`. */
export const t1ShipmentSummarySchema = z.object({
  /** The guide's id (a shipment of the shipments module). */
  id: z.string(),
  direction: z.enum(T1_DIRECTIONS),
  abroad_country: z.string(),
  abroad_name: z.string(),
  carrier_key: z.enum(CARRIER_KEYS),
  carrier_name: z.string(),
  service_name: z.string(),
  tracking_number: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  purchase_state: z.enum(PURCHASE_STATES),
  customs_status: z.enum(T1_CUSTOMS_STATUSES),
  incoterm: z.enum(T1_INCOTERMS),
  currency: z.enum(T1_CURRENCIES),
  invoice_total_cents: z.number().int(),
  duties_mxn_centavos: z.number().int().nullable(),
  /** What the guide cost, VAT included, centavos. */
  cost: z.number().int(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type T1ShipmentSummary = z.infer<typeof t1ShipmentSummarySchema>;

/** `detalles-envio/T1/{id}`: the guide (tracking, label, charges) and its declaration. */
export const t1ShipmentSchema = declarationViewSchema.extend({
  id: z.string(),
  quote_id: z.string(),
  shipment: shipmentDetailSchema,
  duties: t1DutiesSchema,
  customs_status: z.enum(T1_CUSTOMS_STATUSES),
  customs_events: z.array(t1CustomsEventSchema),
  created_at: z.string(),
});
export type T1Shipment = z.infer<typeof t1ShipmentSchema>;

/** Why a line of the invoice was refused (`details.lines` of T1_LINES_REFUSED). */
export const t1LineRefusalSchema = z.object({
  index: z.number().int(),
  tariff_code: z.string(),
  reason: z.enum(T1_LINE_REFUSALS),
  restrictions: z.array(
    z.object({
      authority: z.enum(T1_RESTRICTION_AUTHORITIES),
      kind: z.enum(T1_RESTRICTION_KINDS),
      code: z.string(),
      description: z.string(),
    }),
  ),
  message: z.string(),
});
export type T1LineRefusal = z.infer<typeof t1LineRefusalSchema>;

// ——— Staff: the rates and restrictions tables ———

/** "33.5" → 3350 basis points, 0–100 %, two decimals at most. */
const percentField = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'percent' })
  .transform((text) => Math.round(Number(text) * 100))
  .refine((basisPoints) => basisPoints <= 10_000, { error: 'percent' });

/** "2500.00" USD → cents; zero allowed (a band's floor). */
const usdField = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'amount_format' })
  .transform((text) => Math.round(Number(text) * 100));

const effectiveDatesShape = {
  effective_from: dayField,
  effective_to: dayField.nullish().transform((day) => day ?? null),
};
const datesInOrder = (row: { effective_from: string; effective_to: string | null }) =>
  row.effective_to === null || row.effective_from <= row.effective_to;
const datesInOrderIssue = { error: 'date_range', path: ['effective_to'] };

/**
 * A band of the duty rates table: direction, country (`*` any other), the consignment's value
 * range in USD and the rate, in force between its dates, with its source.
 */
export const dutyRateInputSchema = z
  .object({
    ...effectiveDatesShape,
    direction: z.enum(T1_DIRECTIONS, { error: 'one_of' }),
    country: z
      .string({ error: 'required' })
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2}|\*)$/, { error: 'country_iso2' }),
    min_value_usd: usdField,
    /** Blank: no ceiling. */
    max_value_usd: usdField.nullish().transform((value) => value ?? null),
    rate_percent: percentField,
    label: requiredText(R.labelMax),
    /** Where the figure comes from (rule, publication, date), shown with every estimate. */
    source: requiredText(R.sourceMax),
  })
  .refine(datesInOrder, datesInOrderIssue)
  .refine((row) => row.max_value_usd === null || row.min_value_usd <= row.max_value_usd, {
    error: 'value_range',
    path: ['max_value_usd'],
  });
export type DutyRateInput = z.input<typeof dutyRateInputSchema>;
export type DutyRateData = z.infer<typeof dutyRateInputSchema>;

export const dutyRateViewSchema = dutyBandViewSchema.extend({
  direction: z.enum(T1_DIRECTIONS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DutyRateView = z.infer<typeof dutyRateViewSchema>;

export const dutyRatesQuerySchema = paginationQuerySchema.extend({
  direction: z.enum(T1_DIRECTIONS, { error: 'one_of' }).optional(),
  country: z.string().trim().toUpperCase().max(2).optional(),
  /** Only rows in force that day. */
  on: dayField.optional(),
});
export type DutyRatesQuery = z.infer<typeof dutyRatesQuerySchema>;

export const exchangeRateInputSchema = z.object({
  usd_mxn: z
    .string({ error: 'required' })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, { error: 'exchange_rate' })
    .refine((text) => Number(text) > 0, { error: 'exchange_rate' }),
  effective_from: dayField,
  source: requiredText(R.sourceMax),
});
export type ExchangeRateInput = z.infer<typeof exchangeRateInputSchema>;

export const exchangeRatesQuerySchema = paginationQuerySchema;

/** A non-tariff restriction of an 8-digit fracción: who regulates it and what it asks. */
export const restrictionInputSchema = z
  .object({
    ...effectiveDatesShape,
    fraction: z
      .string({ error: 'required' })
      .trim()
      .transform((text) => text.replace(/[\s.-]/g, ''))
      .pipe(z.string().regex(TARIFF_FRACTION_PATTERN, { error: 'tariff_fraction' })),
    scope: z.enum(T1_RESTRICTION_SCOPES, { error: 'one_of' }),
    authority: z.enum(T1_RESTRICTION_AUTHORITIES, { error: 'one_of' }),
    kind: z.enum(T1_RESTRICTION_KINDS, { error: 'one_of' }),
    /** "NOM-050-SCFI-2004", "Permiso previo de importación". */
    code: requiredText(100),
    description: requiredText(1000),
    source: requiredText(R.sourceMax),
  })
  .refine(datesInOrder, datesInOrderIssue);
export type RestrictionInput = z.input<typeof restrictionInputSchema>;
export type RestrictionData = z.infer<typeof restrictionInputSchema>;

export const restrictionViewSchema = z.object({
  id: z.string(),
  fraction: z.string(),
  scope: z.enum(T1_RESTRICTION_SCOPES),
  authority: z.enum(T1_RESTRICTION_AUTHORITIES),
  kind: z.enum(T1_RESTRICTION_KINDS),
  code: z.string(),
  description: z.string(),
  source: z.string(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RestrictionView = z.infer<typeof restrictionViewSchema>;

export const restrictionsQuerySchema = paginationQuerySchema.extend({
  /** Digits of the fracción, by prefix. */
  fraction: z
    .string()
    .trim()
    .regex(/^\d{0,8}$/, { error: 'tariff_fraction' })
    .optional(),
  authority: z.enum(T1_RESTRICTION_AUTHORITIES, { error: 'one_of' }).optional(),
  on: dayField.optional(),
});
export type RestrictionsQuery = z.infer<typeof restrictionsQuerySchema>;

/** The console's list of every organization's international shipments. */
export const staffT1ShipmentsQuerySchema = t1ShipmentsQuerySchema;
export const staffT1ShipmentSummarySchema = t1ShipmentSummarySchema.extend({
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type StaffT1ShipmentSummary = z.infer<typeof staffT1ShipmentSummarySchema>;

/** A staff move of the customs status (sandbox or what the courier reported). */
export const customsStatusInputSchema = z.object({
  status: z.enum(T1_CUSTOMS_STATUSES, { error: 'one_of' }),
  note: optionalText(500),
});
export type CustomsStatusInput = z.infer<typeof customsStatusInputSchema>;

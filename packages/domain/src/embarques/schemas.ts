import { classifiedTariffCodeSchema } from '../catalogs/tariff';
import { optionalText, requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { countryCodeField } from '../products/schemas';
import { z } from '../validation';
import { dayField } from '../wallet/transactions';
import {
  DOCUMENT_KINDS,
  EMBARQUE_DIRECTIONS,
  EMBARQUE_EVENT_KINDS,
  EMBARQUE_RULES,
  EMBARQUE_STEPS,
  EXPENSE_CONCEPTS,
  INCOTERMS,
  MERCHANT_DOCUMENT_KINDS,
  MONEY_STATES,
  parsePedimento,
  PAYMENT_REQUEST_KINDS,
  PAYMENT_REQUEST_STATUSES,
  SEMAFOROS,
  STEP_GUARDS,
  TRANSPORT_MODES,
} from './rules';

const R = EMBARQUE_RULES;

// ——— Fields ———

/** ISO 4217 currency code, upper case: `USD`, `MXN`, `EUR`. */
export const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'currency_code' });

/** A positive amount in centavos (or the currency's minor unit). */
const amountField = z
  .number({ error: 'invalid' })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(R.amountMaxCentavos, { error: 'invalid' });

/** Quantities with up to 3 decimals (kilograms, litres, pieces). */
const quantityField = z
  .number({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(R.quantityMax, { error: 'invalid' })
  .refine((value) => Math.round(value * 1000) === value * 1000, { error: 'quantity_decimals' });

/** A pedimento number typed with or without spaces; answers its 15 digits. */
export const pedimentoField = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .transform((text, context) => {
    const digits = parsePedimento(text);
    if (digits) return digits;
    context.addIssue({ code: 'custom', message: 'pedimento_number', input: text });
    return z.NEVER;
  });

const placeSchema = z.object({
  country: countryCodeField,
  /** City, port or airport. */
  place: requiredText(R.placeMax),
});

const supplierSchema = z.object({
  name: requiredText(R.textMax),
  country: countryCodeField,
});

// ——— What staff send ———

/** One line of the commercial invoice: a product of the merchant's catalogue and its customs data. */
export const embarqueLineInputSchema = z.object({
  product_id: z.uuid({ error: 'invalid' }),
  /** Fracción + NICO (10 digits), checked against the catalogue in force on the day. */
  code: classifiedTariffCodeSchema,
  commercial_quantity: quantityField,
  /** The unit of the commercial invoice, in the merchant's words ("pieza", "caja de 12"). */
  commercial_unit: requiredText(30),
  /** In the fracción's customs unit (the catalogue's unidad de medida de la tarifa). */
  customs_quantity: quantityField,
  /** Minor units (cents) of `currency`. */
  value_cents: amountField,
  currency: currencyField,
  origin_country: countryCodeField,
});
export type EmbarqueLineInput = z.input<typeof embarqueLineInputSchema>;

const linesField = z.array(embarqueLineInputSchema).max(R.linesMax);

const embarqueDetailsSchema = z.object({
  direction: z.enum(EMBARQUE_DIRECTIONS, { error: 'one_of' }),
  mode: z.enum(TRANSPORT_MODES, { error: 'one_of' }),
  incoterm: z.enum(INCOTERMS, { error: 'one_of' }),
  supplier: supplierSchema,
  origin: placeSchema,
  destination: placeSchema,
  /** The merchant's own reference (a purchase order). */
  customer_reference: optionalText(R.referenceMax),
  notes: optionalText(R.noteMax),
});

/** A product staff may put on an embarque's line: its catalogue code fills the line's code. */
export const embarqueProductOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  /** 10 digits, or null while the product has none. */
  tariff_code: z.string().nullable(),
});
export type EmbarqueProductOption = z.infer<typeof embarqueProductOptionSchema>;

/** `POST /staff/embarques`: staff open an embarque for a merchant organization. */
export const embarqueCreateSchema = embarqueDetailsSchema.extend({
  organization_id: z.uuid({ error: 'invalid' }),
  lines: linesField.default([]),
});
export type EmbarqueCreateInput = z.input<typeof embarqueCreateSchema>;
export type EmbarqueCreate = z.infer<typeof embarqueCreateSchema>;

/** `PATCH /staff/embarques/:id`: the header, any field. */
export const embarqueUpdateSchema = embarqueDetailsSchema.partial();
export type EmbarqueUpdate = z.infer<typeof embarqueUpdateSchema>;

/** `PUT /staff/embarques/:id/lines`: the lines, replaced whole. */
export const embarqueLinesSchema = z.object({ lines: linesField });
export type EmbarqueLines = z.infer<typeof embarqueLinesSchema>;

/** `POST /staff/embarques/:id/step`: a physical move, allowed only as EMBARQUE_TRANSITIONS says. */
export const embarqueStepMoveSchema = z.object({
  to: z.enum(EMBARQUE_STEPS, { error: 'one_of' }),
  note: optionalText(R.noteMax),
});
export type EmbarqueStepMove = z.infer<typeof embarqueStepMoveSchema>;

export const embarquePedimentoSchema = z.object({ number: pedimentoField });

export const embarqueSemaforoSchema = z.object({
  result: z.enum(SEMAFOROS, { error: 'one_of' }),
  note: optionalText(R.noteMax),
});
export type EmbarqueSemaforo = z.infer<typeof embarqueSemaforoSchema>;

/** The text field of a document's upload form (the file travels in `file`). */
export const embarqueDocumentFormSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: 'one_of' }),
});
export const merchantDocumentFormSchema = z.object({
  kind: z.enum(MERCHANT_DOCUMENT_KINDS, { error: 'one_of' }),
});

/** `POST /staff/embarques/:id/payment-requests`: what the merchant is asked to pay. */
export const paymentRequestCreateSchema = z.object({
  kind: z.enum(PAYMENT_REQUEST_KINDS, { error: 'one_of' }),
  concept: requiredText(R.conceptMax),
  /** MXN centavos; a service charge includes its VAT. */
  amount_centavos: amountField,
});
export type PaymentRequestCreate = z.infer<typeof paymentRequestCreateSchema>;

/** `PUT /staff/embarques/:id/expenses`: the cuenta de gastos, replaced whole. */
export const embarqueExpensesSchema = z.object({
  expenses: z
    .array(
      z.object({
        concept: z.enum(EXPENSE_CONCEPTS, { error: 'one_of' }),
        description: optionalText(R.conceptMax),
        amount_centavos: amountField,
      }),
    )
    .max(R.expensesMax),
});
export type EmbarqueExpenses = z.infer<typeof embarqueExpensesSchema>;

/** `POST /staff/embarques/:id/supplier-payments`: a payment to the supplier, as recorded. */
export const supplierPaymentCreateSchema = z.object({
  amount_cents: amountField,
  currency: currencyField,
  paid_on: dayField,
  reference: requiredText(R.referenceMax),
});
export type SupplierPaymentCreate = z.infer<typeof supplierPaymentCreateSchema>;

// ——— Params and queries ———

export const embarqueDocumentParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  documentId: z.uuid({ error: 'invalid' }),
});

export const embarqueInvoiceParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  invoiceId: z.uuid({ error: 'invalid' }),
});

export const embarquePaymentParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  paymentId: z.uuid({ error: 'invalid' }),
});

export const embarquesQuerySchema = paginationQuerySchema.extend({
  step: z.enum(EMBARQUE_STEPS, { error: 'one_of' }).optional(),
  money_state: z.enum(MONEY_STATES, { error: 'one_of' }).optional(),
  /** Open (not closed nor cancelled) or finished. */
  status: z.enum(['open', 'finished'], { error: 'one_of' }).optional(),
  /** The reference (EMB-…), the pedimento's digits, the supplier's name or the merchant's reference. */
  search: z.string().trim().max(100).optional(),
});
export type EmbarquesQuery = z.infer<typeof embarquesQuerySchema>;

export const staffEmbarquesQuerySchema = embarquesQuerySchema.extend({
  organization_id: z.uuid({ error: 'invalid' }).optional(),
});
export type StaffEmbarquesQuery = z.infer<typeof staffEmbarquesQuerySchema>;

// ——— What both read ———

const productSnapshotSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
});

export const embarqueLineSchema = z.object({
  id: z.uuid(),
  product: productSnapshotSchema,
  /** The 10 digits: fracción then NICO. */
  code: z.string(),
  fraction: z.string(),
  nico: z.string(),
  /** The catalogue's text of the NICO on the day it was checked. */
  tariff_description: z.string(),
  customs_unit: z.object({ code: z.string(), name: z.string() }),
  commercial_quantity: z.number(),
  commercial_unit: z.string(),
  customs_quantity: z.number(),
  value_cents: z.number().int(),
  currency: z.string(),
  origin_country: z.string(),
  /** YYYY-MM-DD: the day the code was checked against the catalogue in force. */
  validated_on: z.string(),
});
export type EmbarqueLine = z.infer<typeof embarqueLineSchema>;

export const embarqueDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.enum(['merchant', 'staff']),
  created_at: z.string(),
});
export type EmbarqueDocument = z.infer<typeof embarqueDocumentSchema>;

export const paymentRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PAYMENT_REQUEST_KINDS),
  concept: z.string(),
  amount_centavos: z.number().int(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  /** Of an advance: what was returned to the balance at reconciliation. */
  refunded_centavos: z.number().int(),
  /** Of a service charge: its CFDI once issued. */
  invoice_id: z.uuid().nullable(),
  requested_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const embarqueExpenseSchema = z.object({
  id: z.uuid(),
  concept: z.enum(EXPENSE_CONCEPTS),
  description: z.string().nullable(),
  amount_centavos: z.number().int(),
});
export type EmbarqueExpense = z.infer<typeof embarqueExpenseSchema>;

export const supplierPaymentSchema = z.object({
  id: z.uuid(),
  amount_cents: z.number().int(),
  currency: z.string(),
  paid_on: z.string(),
  reference: z.string(),
  created_at: z.string(),
});
export type SupplierPayment = z.infer<typeof supplierPaymentSchema>;

/** A CFDI of the platform's services on this embarque (the billing module's invoice). */
export const embarqueInvoiceSchema = z.object({
  id: z.uuid(),
  folio_label: z.string(),
  status: z.string(),
  total_centavos: z.number().int(),
  vat_centavos: z.number().int(),
  uuid: z.string().nullable(),
  created_at: z.string(),
});
export type EmbarqueInvoice = z.infer<typeof embarqueInvoiceSchema>;

export const embarqueAccountSchema = z.object({
  pending_centavos: z.number().int(),
  advance_paid_centavos: z.number().int(),
  refunded_centavos: z.number().int(),
  service_paid_centavos: z.number().int(),
  uninvoiced_centavos: z.number().int(),
  expenses_centavos: z.number().int(),
  customs_expenses_centavos: z.number().int(),
  balance_centavos: z.number().int(),
  customs_covered: z.boolean(),
});

/**
 * One entry of the timeline, both axes merged, oldest first. `params` by kind: step
 * `{from, to}`; semaforo `{result}`; pedimento_recorded `{number}` (formatted); document_added and
 * document_removed `{kind, name}`; payment_requested, payment_cancelled and payment_paid
 * `{kind, concept, amount_centavos}`; expenses_recorded `{total_centavos}`; balance_refunded
 * `{amount_centavos}`; supplier_payment `{amount_cents, currency, reference}`; invoice_issued
 * `{folio_label, total_centavos}`; the others `{}`.
 */
export const embarqueEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(EMBARQUE_EVENT_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  note: z.string().nullable(),
  actor: z.object({ kind: z.enum(['merchant', 'staff', 'system']), name: z.string() }),
  at: z.string(),
});
export type EmbarqueEvent = z.infer<typeof embarqueEventSchema>;

export const embarqueSummarySchema = z.object({
  id: z.uuid(),
  /** Per organization, from 1; shown as `reference`. */
  number: z.number().int(),
  reference: z.string(),
  direction: z.enum(EMBARQUE_DIRECTIONS),
  mode: z.enum(TRANSPORT_MODES),
  incoterm: z.enum(INCOTERMS),
  supplier: z.object({ name: z.string(), country: z.string() }),
  origin: z.object({ country: z.string(), place: z.string() }),
  destination: z.object({ country: z.string(), place: z.string() }),
  customer_reference: z.string().nullable(),
  step: z.enum(EMBARQUE_STEPS),
  money_state: z.enum(MONEY_STATES),
  /** The 15 digits, and as shown (`YY  AA  PPPP  NNNNNNN`). */
  pedimento: z.object({ number: z.string(), formatted: z.string() }).nullable(),
  semaforo: z.enum(SEMAFOROS).nullable(),
  balance_centavos: z.number().int(),
  pending_centavos: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmbarqueSummary = z.infer<typeof embarqueSummarySchema>;

export const embarqueSchema = embarqueSummarySchema.extend({
  notes: z.string().nullable(),
  lines: z.array(embarqueLineSchema),
  documents: z.array(embarqueDocumentSchema),
  payment_requests: z.array(paymentRequestSchema),
  expenses: z.array(embarqueExpenseSchema),
  supplier_payments: z.array(supplierPaymentSchema),
  invoices: z.array(embarqueInvoiceSchema),
  account: embarqueAccountSchema,
  timeline: z.array(embarqueEventSchema),
  /**
   * The steps staff may move it to now, each with the guards that still fail (empty: the move
   * is possible). The merchant's answer has it too (it explains what is missing).
   */
  next_steps: z.array(
    z.object({ step: z.enum(EMBARQUE_STEPS), blocked_by: z.array(z.enum(STEP_GUARDS)) }),
  ),
});
export type Embarque = z.infer<typeof embarqueSchema>;

const organizationRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const staffEmbarqueSummarySchema = embarqueSummarySchema.extend({
  organization: organizationRefSchema,
});
export type StaffEmbarqueSummary = z.infer<typeof staffEmbarqueSummarySchema>;

export const staffEmbarqueSchema = embarqueSchema.extend({ organization: organizationRefSchema });
export type StaffEmbarque = z.infer<typeof staffEmbarqueSchema>;

/** What a merchant's payment answers: the request paid and the balance after it. */
export const paymentRequestPaidSchema = z.object({
  payment_request: paymentRequestSchema,
  available_centavos: z.number().int(),
});

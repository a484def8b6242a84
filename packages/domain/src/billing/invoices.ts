import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { invoiceCancellationViewSchema } from './cancellation';
import { dayField } from '../wallet/transactions';

/**
 * CFDI 4.0 invoices of the prepaid balance (`finance/billing`): one for each credited deposit
 * (the advance that reached the balance) and one for each small-deposit fee. Money is integer
 * centavos; the XML writes it as pesos with two decimals.
 */

/**
 * What an invoice is for: the advance credited to the balance, the fee charged on it, or the
 * platform's services on an embarque paid from the balance.
 */
export const INVOICE_KINDS = ['deposit', 'fee', 'service'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATUSES = ['pending', 'stamped', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Folio series per kind: each series has its own consecutive folios. */
export const INVOICE_SERIES: Record<InvoiceKind, string> = {
  deposit: 'DEP',
  fee: 'COM',
  service: 'SRV',
};

/** VAT rate of the Traslado (IVA 16%), as SAT writes it in `TasaOCuota`. */
export const VAT_RATE_TEXT = '0.160000';

/**
 * Splits a VAT-included total into subtotal + VAT, exact in centavos: the subtotal is the total
 * divided by 1.16 rounded half up, the VAT is what is left. `subtotal + vat === total` always;
 * the VAT is then within 0.58 centavos of 16% of the subtotal, so it is always one of the two
 * centavo values next to it (floor or ceil of subtotal × 0.16), inside the range SAT accepts for
 * a Traslado's Importe with two decimals.
 */
export function splitVat(totalCentavos: number): { subtotal: number; vat: number } {
  if (!Number.isInteger(totalCentavos) || totalCentavos < 0) {
    throw new Error('total must be a non-negative integer of centavos');
  }
  // Integer arithmetic: round(total × 100 / 116) half up.
  const subtotal = Math.floor((totalCentavos * 100 * 2 + 116) / (116 * 2));
  return { subtotal, vat: totalCentavos - subtotal };
}

/** Centavos as SAT's decimal: `1250` → `12.50`. */
export function centavosToDecimal(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const filterShape = {
  from: dayField.optional(),
  to: dayField.optional(),
  type: z.enum(INVOICE_KINDS, { error: 'one_of' }).optional(),
};
const orderedDays = <T extends { from?: string; to?: string }>(query: T) =>
  !query.from || !query.to || query.from <= query.to;

export const invoicesQuerySchema = paginationQuerySchema
  .extend(filterShape)
  .refine(orderedDays, { path: ['to'], error: 'date_range' });
export type InvoicesQuery = z.infer<typeof invoicesQuerySchema>;

/** Staff's invoices across organizations (`/staff/invoices`): `id` keeps one (the audit log's link). */
export const staffInvoicesQuerySchema = paginationQuerySchema.extend({
  id: z.uuid({ error: 'invalid' }).optional(),
});
export type StaffInvoicesQuery = z.infer<typeof staffInvoicesQuerySchema>;

export const invoiceViewSchema = z.object({
  id: z.string(),
  series: z.string(),
  folio: z.number().int(),
  /** `DEP12`, as the list and the file names show it. */
  folio_label: z.string(),
  /** TipoDeComprobante: `I` (ingreso). */
  cfdi_type: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  /** Who triggered the credit: the staff member who approved it, or null (automatic). */
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  issuer: z.object({ rfc: z.string(), name: z.string() }),
  receiver: z.object({ rfc: z.string(), name: z.string(), generic: z.boolean() }),
  subtotal_centavos: z.number().int(),
  vat_centavos: z.number().int(),
  total_centavos: z.number().int(),
  uuid: z.string().nullable(),
  /** The PAC is a sandbox: the seals carry no fiscal validity. */
  sandbox: z.boolean(),
  deposit_id: z.string().nullable(),
  created_at: z.string(),
  stamped_at: z.string().nullable(),
  /** Asked of SAT through the PAC (decision 035); null while never asked. */
  cancellation: invoiceCancellationViewSchema.nullable(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** An invoice as staff see it: whose it is, since the receiver may be the general public. */
export const staffInvoiceViewSchema = invoiceViewSchema.extend({
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type StaffInvoiceView = z.infer<typeof staffInvoiceViewSchema>;

import { MEXICAN_BANKS } from '../accounts/clabe';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { depositBreakdown, MAX_DEPOSIT_CENTAVOS, pesosToCentavos } from './rules';

/**
 * Deposits to the prepaid balance (`finance/deposits`). A SPEI transfer the merchant notifies
 * waits as `pending` until staff approve it (`credited`) or reject it with a reason, or until a
 * bank transfer reconciles it; a card payment is credited when the provider approves it or
 * `failed` with the provider's reason.
 */
export const DEPOSIT_METHODS = ['spei', 'card'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const DEPOSIT_STATUSES = ['pending', 'credited', 'rejected', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** SPEI lets the sender write a numeric reference or a free payment concept. */
export const SPEI_REFERENCE_TYPES = ['numeric', 'concept'] as const;
export type SpeiReferenceType = (typeof SPEI_REFERENCE_TYPES)[number];

/** How long a SPEI deposit takes to show in the balance (spec §9), for the screen's notice. */
export const SPEI_CREDIT_DELAY_HOURS = { from: 2, to: 3 } as const;

/**
 * An amount typed in pesos ("1500.50"), answered as integer centavos: greater than zero, two
 * decimals at most, at most `maxCentavos` (its message key `maxError`). A string, so no float
 * ever carries money.
 */
export function pesosField(maxCentavos: number, maxError: string) {
  return z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .transform((text, context) => {
      const cleaned = text.replace(/,/g, '');
      if (!/^-?\d*(\.\d*)?$/.test(cleaned) || cleaned === '.' || cleaned === '-') {
        context.addIssue({ code: 'custom', message: 'amount_format' });
        return z.NEVER;
      }
      if (/\.\d{3,}$/.test(cleaned)) {
        context.addIssue({ code: 'custom', message: 'amount_decimals' });
        return z.NEVER;
      }
      const centavos = pesosToCentavos(cleaned);
      if (centavos === null) {
        context.addIssue({ code: 'custom', message: 'amount_positive' });
        return z.NEVER;
      }
      if (centavos > maxCentavos) {
        context.addIssue({ code: 'custom', message: maxError });
        return z.NEVER;
      }
      return centavos;
    });
}

/** An amount in pesos up to the deposit maximum (deposits, declared values). */
export const pesosAmountField = pesosField(MAX_DEPOSIT_CENTAVOS, 'max_deposit');

/**
 * A deposit's amount in pesos: as `pesosAmountField`, and more than the small-deposit fee it
 * pays (14.50 MXN), so something always reaches the balance.
 */
export const depositAmountField = pesosAmountField.refine(
  (centavos) => depositBreakdown(centavos).net > 0,
  { error: 'deposit_below_fee' },
);

export const speiBankField = z
  .string()
  .refine((code) => Object.hasOwn(MEXICAN_BANKS, code), { error: 'one_of' });

/** The SPEI transfer notification form (voucher uploaded alongside as a file). */
export const speiNotificationSchema = z.object({
  amount: depositAmountField,
  origin_bank: speiBankField,
  reference_type: z.enum(SPEI_REFERENCE_TYPES, {
    error: (issue) => (issue.input === undefined ? 'required' : 'one_of'),
  }),
  reference_number: z.string().trim().min(15, { error: 'reference_number' }).max(40),
  tracking_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,30}$/, { error: 'tracking_key' })
    .transform((key) => key.toUpperCase()),
});
export type SpeiNotificationInput = z.input<typeof speiNotificationSchema>;
export type SpeiNotificationData = z.infer<typeof speiNotificationSchema>;

export const depositsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(DEPOSIT_STATUSES, { error: 'one_of' }).optional(),
  method: z.enum(DEPOSIT_METHODS, { error: 'one_of' }).optional(),
});
export type DepositsQuery = z.infer<typeof depositsQuerySchema>;

export const depositViewSchema = z.object({
  id: z.string(),
  method: z.enum(DEPOSIT_METHODS),
  status: z.enum(DEPOSIT_STATUSES),
  amount_centavos: z.number().int(),
  fee_centavos: z.number().int(),
  net_centavos: z.number().int(),
  origin_bank: z.string().nullable(),
  origin_bank_name: z.string().nullable(),
  reference_type: z.enum(SPEI_REFERENCE_TYPES).nullable(),
  reference_number: z.string().nullable(),
  tracking_key: z.string().nullable(),
  has_voucher: z.boolean(),
  /** Card deposits: the card's brand and last four digits, never more. */
  card_summary: z.string().nullable(),
  reject_reason: z.string().nullable(),
  ledger_transaction_id: z.string().nullable(),
  created_at: z.string(),
  credited_at: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

/** Where the merchant sends SPEI transfers: their own receiving CLABE at Despacho's bank. */
export const speiAccountSchema = z.object({
  clabe: z.string(),
  bank_name: z.string(),
  beneficiary: z.string(),
  sandbox: z.boolean(),
});
export type SpeiAccount = z.infer<typeof speiAccountSchema>;

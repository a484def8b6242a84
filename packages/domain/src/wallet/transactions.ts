import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { PAYMENT_STATES, TRANSACTION_KINDS } from './schemas';

/**
 * The prepaid balance's movements (`finance/transactions`): every ledger transaction that changed
 * the wallet, newest first. Filters take days of the organization's zone; the CSV export and the
 * CFDI still write Mexico City's time.
 */
export const TRANSACTIONS_TIME_ZONE = 'America/Mexico_City';

/** At most this many rows in one CSV export: beyond it, the merchant narrows the dates. */
export const TRANSACTIONS_EXPORT_MAX_ROWS = 50_000;

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date' })
  .refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
    },
    { error: 'date' },
  );

const filterShape = {
  /** First day shown (Mexico City), inclusive. */
  from: dayField.optional(),
  /** Last day shown (Mexico City), inclusive. */
  to: dayField.optional(),
  kind: z.enum(TRANSACTION_KINDS, { error: 'one_of' }).optional(),
};

/** `from` after `to` is the user's mistake on the second date they chose. */
const orderedDays = <T extends { from?: string; to?: string }>(query: T) =>
  !query.from || !query.to || query.from <= query.to;
const orderedDaysIssue = { path: ['to'], error: 'date_range' };

export const transactionsFilterSchema = z.object(filterShape).refine(orderedDays, orderedDaysIssue);
export type TransactionsFilter = z.infer<typeof transactionsFilterSchema>;

export const transactionsQuerySchema = paginationQuerySchema
  .extend(filterShape)
  .refine(orderedDays, orderedDaysIssue);
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const transactionViewSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  description: z.string().nullable(),
  /** The business record that caused it (a deposit, a guide…). */
  reference: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** The signed change of the wallet: positive credits, negative debits. */
  amount_centavos: z.number().int(),
  balance_after_centavos: z.number().int(),
  payment_state: z.enum(PAYMENT_STATES),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

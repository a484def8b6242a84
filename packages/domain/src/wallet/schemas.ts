import { z } from '../validation';

/**
 * The prepaid balance (`wallet`): a double-entry ledger in integer centavos. Each business event
 * is one transaction of a kind; what the merchant sees of it is the change to their wallet.
 */
export const TRANSACTION_KINDS = [
  'deposit',
  'fee',
  'label',
  'insurance',
  'refund',
  'classification',
  'embarque',
  'adjustment',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Payment state of spec §4: a charge on hold is pending until captured (paid) or released. */
export const PAYMENT_STATES = ['pending', 'paid', 'refund', 'partial', 'total'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const walletBalanceSchema = z.object({
  /** What the merchant can spend now. */
  available_centavos: z.number().int(),
  /** Reserved for charges that complete later (a guide being bought). */
  on_hold_centavos: z.number().int(),
  currency: z.literal('MXN'),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import { walletBalanceSchema } from './schemas';
import {
  TRANSACTIONS_EXPORT_MAX_ROWS,
  transactionsFilterSchema,
  transactionsQuerySchema,
  transactionViewSchema,
} from './transactions';

const filters =
  '`from` and `to` are whole days (`YYYY-MM-DD`, both inclusive) in Mexico City time; `from` after `to` is a validation error on `to`. `kind` keeps one kind of movement.';

/**
 * The prepaid balance: the figure the header shows and, on `finance/transactions`, its movements
 * and their CSV export. The API implements it in modules/wallet/wallet.routes.ts, the web calls
 * it from lib/api/wallet.ts and features/wallet/transactions-api.ts.
 */
export const walletContract = defineContract('wallet', {
  balance: defineOperation({
    method: 'GET',
    path: '/wallet/balance',
    // Every member: shipping-only users pay guides from it too; and any of the organization's
    // API keys, since an integration checks it before it buys.
    access: 'organization',
    anyKey: true,
    description: 'Available balance and the amount on hold, in centavos (MXN).',
    responses: { 200: z.object({ data: walletBalanceSchema }) },
  }),
  // The movements sit under the "purchases" permission of the finances module, as their screen.
  transactions: defineOperation({
    method: 'GET',
    path: '/wallet/transactions',
    access: 'finances.purchases',
    summary: 'The movements of the prepaid balance, newest first',
    description: `Every ledger transaction that changed the wallet: \`amount_centavos\` is the signed change (credits positive), \`balance_after_centavos\` the available balance right after it. A charge on hold shows its payment state (pending until it completes or is released). ${filters}`,
    query: transactionsQuerySchema,
    responses: { 200: pageSchema(transactionViewSchema) },
  }),
  exportTransactions: defineOperation({
    method: 'GET',
    path: '/wallet/transactions.csv',
    access: 'finances.purchases',
    summary: 'The filtered movements as a CSV file',
    description: `UTF-8 with a byte-order mark, header in the caller's language (Spanish by default), local time of Mexico City, amounts as plain decimals ("-116.00"). Every row of the filtered set, at most ${TRANSACTIONS_EXPORT_MAX_ROWS.toLocaleString('en-US')}: more answers 400 EXPORT_TOO_LARGE. ${filters}`,
    query: transactionsFilterSchema,
    download: true,
  }),
});

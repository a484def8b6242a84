import {
  pageSchema,
  TRANSACTIONS_EXPORT_MAX_ROWS,
  transactionsFilterSchema,
  transactionsQuerySchema,
  transactionViewSchema,
} from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { sendDownload } from '../../platform/download';
import type { AppModule } from '../services';

const tags = ['wallet'];
const security = [{ bearer: [] }];
const filters =
  '`from` and `to` are whole days (`YYYY-MM-DD`, both inclusive) in Mexico City time; `from` after `to` is a validation error on `to`. `kind` keeps one kind of movement.';

/**
 * `finance/transactions`: the prepaid balance's movements and their CSV export. The screen sits
 * under the "purchases" permission of the finances module (navigation.ts), and so does its data.
 */
export const transactionsRoutes: AppModule = async (app, deps) => {
  const { transactions } = deps;
  const access = { config: { access: 'finances.purchases' as const } };

  app.get(
    '/wallet/transactions',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The movements of the prepaid balance, newest first',
        description: `Every ledger transaction that changed the wallet: \`amount_centavos\` is the signed change (credits positive), \`balance_after_centavos\` the available balance right after it. A charge on hold shows its payment state (pending until it completes or is released). ${filters}`,
        querystring: transactionsQuerySchema,
        response: { 200: pageSchema(transactionViewSchema) },
      },
    },
    async (request) => transactions.list(organizationOf(request), request.query),
  );

  app.get(
    '/wallet/transactions.csv',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The filtered movements as a CSV file',
        description: `UTF-8 with a byte-order mark, header in the caller's language (Spanish by default), local time of Mexico City, amounts as plain decimals ("-116.00"). Every row of the filtered set, at most ${TRANSACTIONS_EXPORT_MAX_ROWS.toLocaleString('en-US')}: more answers 400 EXPORT_TOO_LARGE. ${filters}`,
        querystring: transactionsFilterSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await transactions.exportCsv(
        organizationOf(request),
        request.query,
        request.language,
      );
      return sendDownload(reply, { type: 'text/csv; charset=utf-8', fileName, content: stream });
    },
  );
};

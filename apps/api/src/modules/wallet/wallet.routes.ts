import { walletContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import type { AppModule } from '../services';

/** The prepaid balance and its movements (`finance/transactions`), as `walletContract` declares them. */
export const walletRoutes: AppModule = async (app, { ledger, transactions }) => {
  implement(app, walletContract, {
    balance: async (request) => ({ data: await ledger.balance(organizationOf(request)) }),
    transactions: async (request) =>
      transactions.list(organizationOf(request), request.query, request.language),
    exportTransactions: async (request, reply) => {
      const { fileName, stream } = await transactions.exportCsv(
        organizationOf(request),
        request.query,
        request.language,
      );
      return sendDownload(reply, { type: 'text/csv; charset=utf-8', fileName, content: stream });
    },
  });
};

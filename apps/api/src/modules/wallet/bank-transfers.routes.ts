import { bankTransfersContract } from '@despacho/domain';
import { authOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/**
 * The staff queue of SPEI transfers reconciliation could not credit by itself (decision 014), as
 * `bankTransfersContract` declares it.
 */
export const bankTransfersRoutes: AppModule = async (app, deps) => {
  const transfers = deps.bankTransfers;
  implement(app, bankTransfersContract, {
    list: async (request) => transfers.list(request.query),
    organizations: async (request) => ({ data: await transfers.organizations(request.query.q) }),
    assign: async (request) => ({
      data: await transfers.assign(
        request.params.id,
        request.body.organization_id,
        authOf(request).userId,
      ),
    }),
    returnToSender: async (request) => ({
      data: await transfers.returnToSender(
        request.params.id,
        request.body.reason,
        authOf(request).userId,
      ),
    }),
  });
};

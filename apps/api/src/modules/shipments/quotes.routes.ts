import { quotesContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** Quotes (the quick quote and the quote step of `shipment`), as `quotesContract` declares them. */
export const quotesRoutes: AppModule = async (app, { quotes }) => {
  implement(app, quotesContract, {
    create: async (request) => ({
      data: await quotes.create(
        organizationOf(request),
        authOf(request).userId,
        request.body,
        request.language,
      ),
    }),
    get: async (request) => ({
      data: await quotes.get(organizationOf(request), request.params.id, request.language),
    }),
  });
};

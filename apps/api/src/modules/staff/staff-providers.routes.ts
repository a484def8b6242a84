import { staffProvidersContract } from '@despacho/domain';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** `staff/providers`, as `staffProvidersContract` declares it. */
export const staffProvidersRoutes: AppModule = async (app, { staffProviders }) => {
  implement(app, staffProvidersContract, {
    list: async () => ({ data: await staffProviders.list() }),
    failures: async (request) => staffProviders.failures(request.query),
  });
};

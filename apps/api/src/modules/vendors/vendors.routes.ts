import { vendorsContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The vendors screen (`settings/vendors`), as `vendorsContract` declares it. */
export const vendorsRoutes: AppModule = async (app, { vendors }) => {
  implement(app, vendorsContract, {
    list: async (request) => vendors.list(organizationOf(request), request.query),
    create: async (request) => ({
      data: await vendors.create(organizationOf(request), request.body, request.language),
    }),
    get: async (request) => ({
      data: await vendors.get(organizationOf(request), request.params.id),
    }),
    update: async (request) => ({
      data: await vendors.update(
        organizationOf(request),
        request.params.id,
        request.body,
        request.language,
      ),
    }),
    setStatus: async (request) => ({
      data: await vendors.setStatus(
        organizationOf(request),
        request.params.id,
        request.body.status,
      ),
    }),
    remove: async (request) => {
      await vendors.remove(organizationOf(request), request.params.id);
    },
  });
};

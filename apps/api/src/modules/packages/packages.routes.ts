import { packagesContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The packages screen (`settings/packages`), as `packagesContract` declares it. */
export const packagesRoutes: AppModule = async (app, { packages }) => {
  implement(app, packagesContract, {
    list: async (request) => packages.list(organizationOf(request), request.query),
    create: async (request) => ({
      data: await packages.create(organizationOf(request), request.body, request.language),
    }),
    get: async (request) => ({
      data: await packages.get(organizationOf(request), request.params.id),
    }),
    update: async (request) => ({
      data: await packages.update(
        organizationOf(request),
        request.params.id,
        request.body,
        request.language,
      ),
    }),
    setDefault: async (request) => ({
      data: await packages.setDefault(organizationOf(request), request.params.id),
    }),
    remove: async (request) => {
      await packages.remove(organizationOf(request), request.params.id);
    },
  });
};

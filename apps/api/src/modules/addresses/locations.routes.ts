import { locationsContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The locations screen (`settings/locations`), as `locationsContract` declares it. */
export const locationsRoutes: AppModule = async (app, { locations }) => {
  implement(app, locationsContract, {
    list: async (request) => locations.list(organizationOf(request), request.query),
    create: async (request) => ({
      data: await locations.create(organizationOf(request), request.body),
    }),
    get: async (request) => ({
      data: await locations.get(organizationOf(request), request.params.id),
    }),
    update: async (request) => ({
      data: await locations.update(organizationOf(request), request.params.id, request.body),
    }),
    setDefault: async (request) => ({
      data: await locations.setDefault(organizationOf(request), request.params.id),
    }),
    remove: async (request) => {
      await locations.remove(organizationOf(request), request.params.id);
    },
  });
};

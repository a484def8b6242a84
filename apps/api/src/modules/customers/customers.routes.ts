import { customersContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The customers screens, as `customersContract` declares them. */
export const customersRoutes: AppModule = async (app, { customers }) => {
  implement(app, customersContract, {
    list: async (request) => customers.list(organizationOf(request), request.query),
    create: async (request) => ({
      data: await customers.create(organizationOf(request), request.body),
    }),
    get: async (request) => ({
      data: await customers.get(organizationOf(request), request.params.id),
    }),
    update: async (request) => ({
      data: await customers.replace(organizationOf(request), request.params.id, request.body),
    }),
    setFavorite: async (request) => ({
      data: await customers.setFavorite(
        organizationOf(request),
        request.params.id,
        request.body.is_favorite,
      ),
    }),
    setDefaultAddress: async (request) => ({
      data: await customers.setDefaultAddress(
        organizationOf(request),
        request.params.id,
        request.params.addressId,
      ),
    }),
    remove: async (request) => {
      await customers.remove(organizationOf(request), request.params.id);
    },
  });
};

import { collectionsContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The collections screen (`products/collections`), as `collectionsContract` declares it. */
export const collectionsRoutes: AppModule = async (app, { collections }) => {
  implement(app, collectionsContract, {
    list: async (request) => collections.list(organizationOf(request), request.query),
    create: async (request) => ({
      data: await collections.create(organizationOf(request), request.body, request.language),
    }),
    get: async (request) => ({
      data: await collections.get(organizationOf(request), request.params.id),
    }),
    update: async (request) => ({
      data: await collections.update(
        organizationOf(request),
        request.params.id,
        request.body,
        request.language,
      ),
    }),
    remove: async (request) => {
      await collections.remove(organizationOf(request), request.params.id);
    },
    addProducts: async (request) => ({
      data: await collections.addProducts(
        organizationOf(request),
        request.params.id,
        request.body.product_ids,
      ),
    }),
    removeProducts: async (request) => ({
      data: await collections.removeProducts(
        organizationOf(request),
        request.params.id,
        request.body.product_ids,
      ),
    }),
  });
};

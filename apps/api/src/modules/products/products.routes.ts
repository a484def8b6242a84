import { productsContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';
import { productMediaHandlers } from './product-media.routes';

/** The product catalogue (`products`, `products/create`, `products/edit/{id}`), as `productsContract` declares it. */
// The variants picker and the CSV operations are implemented apart (product-variants, the
// import and export); this file implements the catalogue's own.
const {
  variants: _variants,
  export: _export,
  import: _import,
  importStatus: _importStatus,
  importApply: _importApply,
  ...catalogueOperations
} = productsContract;

export const productsRoutes: AppModule = async (app, services) => {
  const { products } = services;
  implement(app, catalogueOperations, {
    list: async (request) => products.list(organizationOf(request), request.query),
    create: async (request) => ({
      data: await products.create(organizationOf(request), request.body, request.language),
    }),
    get: async (request) => ({
      data: await products.get(organizationOf(request), request.params.id),
    }),
    update: async (request) => ({
      data: await products.update(
        organizationOf(request),
        request.params.id,
        request.body,
        request.language,
      ),
    }),
    remove: async (request) => {
      await products.remove(organizationOf(request), request.params.id);
    },
    bulk: async (request) => ({
      data: await products.bulk(organizationOf(request), request.body, request.language),
    }),
    ...productMediaHandlers(services),
  });
};

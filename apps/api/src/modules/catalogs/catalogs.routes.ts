import { catalogsContract } from '@despacho/domain';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The catalogues behind the forms' fields, as `catalogsContract` declares them. */
export const catalogsRoutes: AppModule = async (
  app,
  { postalCodes, satProducts, satUnits, tariffFractions },
) => {
  implement(app, catalogsContract, {
    postalCode: async (request) => ({ data: await postalCodes.lookup(request.params.zip) }),
    satProducts: (request) => satProducts.search(request.query.search),
    satProduct: async (request) => ({ data: await satProducts.get(request.params.code) }),
    satUnits: async (request) => satUnits.search(request.query.search),
    tariffFractions: (request) => tariffFractions.search(request.query.search),
  });
};

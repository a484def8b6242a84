import { productsContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** The variant picker of the shipment wizard's product lines (`productsContract.variants`). */
export const productVariantsRoutes: AppModule = async (app, { productVariants }) => {
  implement(
    app,
    { variants: productsContract.variants },
    {
      variants: async (request) => ({
        data: await productVariants.pick(organizationOf(request), request.query),
      }),
    },
  );
};

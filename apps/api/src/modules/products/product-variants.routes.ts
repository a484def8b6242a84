import { productsContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/**
 * The variant picker of the shipment wizard's product lines (`productsContract.variants`). A
 * stock-keeping origin's availability is read here from inventory and handed to the products
 * service: inventory already depends on products (it checks variants), so no cycle.
 */
export const productVariantsRoutes: AppModule = async (app, { productVariants, inventory }) => {
  implement(
    app,
    { variants: productsContract.variants },
    {
      variants: async (request) => {
        const organizationId = organizationOf(request);
        const { location_id: locationId } = request.query;
        const available = locationId
          ? await inventory.availableAtLocation(organizationId, locationId)
          : null;
        return {
          data: await productVariants.pick(organizationId, request.query, available),
          ...(locationId ? { keeps_stock: available !== null } : {}),
        };
      },
    },
  );
};

import { moduleOf } from '../module-routes';
import { productsRoutes } from './products.routes';
import { collectionsRoutes } from './collections.routes';
import { productVariantsRoutes } from './product-variants.routes';
import { productImportsRoutes } from './product-imports.routes';

/** Every route of the products domain, as `modules/index.ts` registers it. */
export const productsModule = moduleOf(
  productsRoutes,
  collectionsRoutes,
  productVariantsRoutes,
  productImportsRoutes,
);

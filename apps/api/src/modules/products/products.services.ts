import type { AccountDetailsService } from '../accounts';
import type { SatProductsService, SatUnitsService, TariffFractionsService } from '../catalogs';
import type { Platform } from '../services';
import type { VendorsService } from '../vendors';
import { CollectionsService } from './collections.service';
import { PRODUCT_IMPORT_JOB, ProductImportsService } from './product-imports.service';
import { PRODUCT_UPLOADS_CRON, PRODUCT_UPLOADS_JOB, ProductMedia } from './product-media.service';
import { ProductVariantsService } from './product-variants.service';
import { ProductsService } from './products.service';

/** The catalogue: products and their variants, media, collections and the CSV import. */
export function buildProducts(
  deps: Platform & {
    vendors: VendorsService;
    satProducts: SatProductsService;
    satUnits: SatUnitsService;
    tariffFractions: TariffFractionsService;
    accountDetails: AccountDetailsService;
  },
) {
  const productMedia = new ProductMedia(deps);
  const products = new ProductsService({ ...deps, media: productMedia });
  const productImports = new ProductImportsService({ ...deps, products });
  deps.jobs.register(PRODUCT_UPLOADS_JOB, productMedia.removeStaleUploads, {
    cron: PRODUCT_UPLOADS_CRON,
  });
  deps.jobs.register(PRODUCT_IMPORT_JOB, productImports.importJob, productImports.importJobOptions);
  return {
    productMedia,
    productVariants: new ProductVariantsService(deps),
    products,
    collections: new CollectionsService(deps),
    productImports,
  };
}

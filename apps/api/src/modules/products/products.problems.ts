import {
  ERRORS,
  errorMessage,
  formatTariffCode,
  localizeIssue,
  mexicoDate,
  skuKey,
  type ErrorCode,
  type Language,
  type ProductData,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { SatProductsService, SatUnitsService, TariffFractionsService } from '../catalogs';
import type { VendorsService } from '../vendors';
import { isSatCountry } from './products.countries';
import * as repository from './products.repository';

/** What is wrong with one product of a batch: an ERRORS code or a validation key, at a path. */
export interface ProductProblem {
  index: number;
  path: (string | number)[];
  code: string;
  params?: Record<string, string | number>;
}

export const DATASHEET_PURPOSE = 'product.datasheet';

export interface ProblemDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  vendors: Pick<VendorsService, 'names'>;
  satProducts: Pick<SatProductsService, 'unknownCodes'>;
  satUnits: Pick<SatUnitsService, 'unknownCodes'>;
  tariffFractions: Pick<TariffFractionsService, 'unusableCodes' | 'catalogueLoaded'>;
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/**
 * A problem as the API answers it: a validation key is VALIDATION_FAILED with the field's
 * message; an error code keeps its own status, its message also under the field.
 */
export function problemError(problem: ProductProblem, language: Language): AppError {
  const field = problem.path.join('.') || '_';
  if (isErrorCode(problem.code)) {
    const params = problem.params ?? {};
    return new AppError(problem.code, params, {
      [field]: errorMessage(problem.code, language, params),
    });
  }
  return new AppError(
    'VALIDATION_FAILED',
    {},
    { [field]: localizeIssue({ message: problem.code }, language) },
  );
}

/**
 * What the schema cannot see, for a whole batch in a handful of queries: SKUs other products of
 * the organization (or earlier ones of the batch) hold, the vendor, images, data sheet and
 * collections of the organization, the SAT keys and tariff code in their catalogues once
 * imported, and the countries in c_Pais. `ownIds[i]` is the product being replaced, whose own
 * SKUs and images are its to keep.
 */
export async function findProblems(
  deps: ProblemDeps,
  organizationId: string,
  products: readonly ProductData[],
  ownIds: readonly (string | undefined)[] = [],
): Promise<ProductProblem[]> {
  const problems: ProductProblem[] = [];
  const all = <T>(pick: (product: ProductData) => (T | undefined)[]) => [
    ...new Set(products.flatMap((product) => pick(product).filter((v): v is T => v != null))),
  ];
  const skus = all((p) => p.variants.map((v) => (v.sku ? skuKey(v.sku) : undefined)));
  const tariffCodes = all((p) => [p.tariff_code && formatTariffCode(p.tariff_code)]);
  const today = mexicoDate(deps.clock.now());

  const [held, vendorNames, images, datasheets, collections, satProducts, satUnits, tariffs] =
    await Promise.all([
      repository.variantsWithSkus(deps.db, organizationId, skus),
      deps.vendors.names(
        organizationId,
        all((p) => [p.vendor_id]),
      ),
      repository.imagesByIds(
        deps.db,
        organizationId,
        all((p) => p.image_ids),
      ),
      deps.files.findMany(
        organizationId,
        all((p) => [p.datasheet_file_id]),
        DATASHEET_PURPOSE,
      ),
      repository.collectionIdsOf(
        deps.db,
        organizationId,
        all((p) => p.collection_ids),
      ),
      deps.satProducts.unknownCodes(all((p) => [p.sat_product_code])),
      deps.satUnits.unknownCodes(all((p) => [p.sat_unit_code])),
      deps.tariffFractions.unusableCodes(tariffCodes, today),
    ]);

  const holders = new Map<string, Set<string>>();
  for (const variant of held) {
    const key = skuKey(variant.sku);
    holders.set(key, (holders.get(key) ?? new Set()).add(variant.productId));
  }
  const imageById = new Map(images.map((image) => [image.id, image]));
  const datasheetIds = new Set(datasheets.map((file) => file.id));
  const badProducts = new Set(satProducts);
  const badUnits = new Set(satUnits);
  const badTariffs = new Set(tariffs);
  const skusOfBatch = new Set<string>();

  products.forEach((product, index) => {
    const own = ownIds[index];
    const add = (path: ProductProblem['path'], code: string, params?: ProductProblem['params']) =>
      problems.push({ index, path, code, ...(params ? { params } : {}) });

    product.variants.forEach((variant, position) => {
      if (!variant.sku) return;
      const key = skuKey(variant.sku);
      const others = [...(holders.get(key) ?? [])].filter((id) => id !== own);
      if (others.length > 0) {
        add(['variants', position, 'sku'], 'PRODUCT_ALREADY_REGISTERED', { sku: variant.sku });
      } else if (skusOfBatch.has(key)) {
        add(['variants', position, 'sku'], 'sku_duplicate');
      }
      skusOfBatch.add(key);
    });
    if (product.vendor_id && !vendorNames.has(product.vendor_id)) {
      add(['vendor_id'], 'NOT_FOUND');
    }
    product.image_ids.forEach((id, position) => {
      const image = imageById.get(id);
      const free = image && !image.inCollection && (!image.productId || image.productId === own);
      if (!free) add(['image_ids', position], 'PRODUCT_IMAGE_NOT_FOUND');
    });
    if (product.datasheet_file_id && !datasheetIds.has(product.datasheet_file_id)) {
      add(['datasheet_file_id'], 'PRODUCT_DATASHEET_NOT_FOUND');
    }
    product.collection_ids.forEach((id, position) => {
      if (!collections.has(id)) add(['collection_ids', position], 'NOT_FOUND');
    });
    if (product.sat_product_code && badProducts.has(product.sat_product_code)) {
      add(['sat_product_code'], 'sat_product_code');
    }
    if (product.sat_unit_code && badUnits.has(product.sat_unit_code)) {
      add(['sat_unit_code'], 'sat_unit_code');
    }
    if (product.tariff_code && badTariffs.has(formatTariffCode(product.tariff_code))) {
      add(['tariff_code'], 'tariff_fraction');
    }
    for (const field of ['origin_country', 'manufacture_country'] as const) {
      const code = product[field];
      if (code && !isSatCountry(code)) add([field], 'COUNTRY_NOT_FOUND', { code });
    }
  });
  return problems;
}

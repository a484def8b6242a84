import { productImageUrl, type VariantPick, type VariantPickQuery } from '@despacho/domain';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { searchWords } from '../../platform/search';
import * as repository from './product-variants.repository';

const measure = (value: string | null) => (value === null ? null : Number(value));

function pickView(row: repository.VariantPickRow): VariantPick {
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    title: row.optionValues.length > 0 ? row.optionValues.join(' / ') : null,
    sku: row.sku,
    barcode: row.barcode,
    price: row.priceCentavos,
    sat_product_code: row.satProductCode,
    sat_unit_code: row.satUnitCode,
    unit: row.unit,
    weight: measure(row.weight),
    length: measure(row.length),
    width: measure(row.width),
    height: measure(row.height),
    thumbnail_url: row.coverId ? productImageUrl(row.coverId, 'thumbnail') : null,
  };
}

/**
 * The variants other domains pick from: the shipment wizard's product lines search them
 * (`productsContract.variants`), and a purchase checks the ones its lines name.
 */
export class ProductVariantsService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * With `available` (units per variant at a stock-keeping origin, read by the caller from the
   * inventory module, which depends on this one), only those with units left, each with its count.
   */
  async pick(
    organizationId: string,
    query: VariantPickQuery,
    available?: Map<string, number> | null,
  ): Promise<VariantPick[]> {
    const inStock = available && [...available].flatMap(([id, units]) => (units > 0 ? [id] : []));
    if (inStock?.length === 0) return [];
    const rows = await repository.findVariantPicks(this.deps.db, organizationId, {
      code: query.search || undefined,
      words: searchWords(query.search),
      limit: query.limit,
      ids: inStock ?? undefined,
    });
    return rows.map((row) => ({
      ...pickView(row),
      ...(available ? { available: available.get(row.id) ?? 0 } : {}),
    }));
  }

  /** The organization's variants among `ids` (any product status); foreign ids are left out. */
  async byIds(
    organizationId: string,
    ids: string[],
    db: DbOrTx = this.deps.db,
  ): Promise<VariantPick[]> {
    const rows = await repository.findVariants(db, organizationId, { ids: [...new Set(ids)] });
    return rows.map(pickView);
  }

  /** Active variants by SKU (any case), for a store's order lines; unknown SKUs are left out. */
  async bySkus(
    organizationId: string,
    skus: string[],
    db: DbOrTx = this.deps.db,
  ): Promise<VariantPick[]> {
    const rows = await repository.findVariants(db, organizationId, { skus: [...new Set(skus)] });
    return rows.map(pickView);
  }

  /**
   * NOT_FOUND (404) unless every id is a variant of the organization's products; read in `db`
   * when the caller holds a transaction (so it never waits for a second connection).
   */
  async assertVariants(
    organizationId: string,
    ids: string[],
    db: DbOrTx = this.deps.db,
  ): Promise<void> {
    const distinct = [...new Set(ids)];
    if (distinct.length === 0) return;
    const own = await repository.countOwnVariants(db, organizationId, distinct);
    if (own !== distinct.length) throw notFound();
  }
}

import { and, asc, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { likePattern } from '../../platform/search';
import { productImages, products, productVariants } from './products.tables';

/** The cover (position 0) of the variant's product, if it has images. */
const coverId = sql<
  string | null
>`(select ${productImages.id} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;

/** What a picked variant shows: its product's data where the variant has none of its own. */
const pickColumns = {
  id: productVariants.id,
  productId: products.id,
  productName: products.name,
  optionValues: productVariants.optionValues,
  sku: productVariants.sku,
  barcode: productVariants.barcode,
  priceCentavos: productVariants.priceCentavos,
  satProductCode: products.satProductCode,
  satUnitCode: products.satUnitCode,
  unit: products.unit,
  weight: sql<string | null>`coalesce(${productVariants.weight}, ${products.weight})`,
  length: sql<string | null>`coalesce(${productVariants.length}, ${products.length})`,
  width: sql<string | null>`coalesce(${productVariants.width}, ${products.width})`,
  height: sql<string | null>`coalesce(${productVariants.height}, ${products.height})`,
  coverId,
};

/** Variants joined to their product, read as a picker shows them. */
function selectPicks(db: DbOrTx) {
  return db
    .select(pickColumns)
    .from(productVariants)
    .innerJoin(
      products,
      and(
        eq(products.id, productVariants.productId),
        eq(products.organizationId, productVariants.organizationId),
      ),
    );
}

export type VariantPickRow = Awaited<ReturnType<typeof findVariants>>[number];

/**
 * Variants of the organization's active products: an exact SKU or barcode (any case), or every
 * word of a name in the product's search text (already normalized, `searchWords`). Exact codes
 * come first, then by product name and the variant's place.
 */
export async function findVariantPicks(
  db: DbOrTx,
  organizationId: string,
  query: {
    code: string | undefined;
    words: string[];
    limit: number;
    ids?: string[] | undefined;
  },
) {
  const conditions: SQL[] = [
    eq(productVariants.organizationId, organizationId),
    eq(products.status, 'ACTIVE'),
  ];
  if (query.ids) conditions.push(inArray(productVariants.id, query.ids));
  const exact = query.code
    ? or(
        sql`lower(${productVariants.sku}) = lower(${query.code})`,
        sql`lower(${productVariants.barcode}) = lower(${query.code})`,
      )!
    : undefined;
  if (exact) {
    const named = query.words.map((word) => like(products.searchText, likePattern(word)));
    conditions.push(or(exact, and(...named))!);
  }
  return selectPicks(db)
    .where(and(...conditions))
    .orderBy(
      ...(exact ? [desc(sql`coalesce(${exact}, false)`)] : []),
      asc(sql`${products.name} collate "es-x-icu"`),
      asc(products.id),
      asc(productVariants.position),
    )
    .limit(query.limit);
}

/** How many of the (distinct) ids are variants of the organization's products. */
export async function countOwnVariants(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<number> {
  return db.$count(
    productVariants,
    and(eq(productVariants.organizationId, organizationId), inArray(productVariants.id, ids)),
  );
}

/**
 * The organization's variants by id (whatever their product's status), or by SKU (exact, any
 * case) among its active products: the one lookup the pickers, purchases and order lines share.
 */
export async function findVariants(
  db: DbOrTx,
  organizationId: string,
  by: { ids: string[] } | { skus: string[] },
) {
  const match =
    'ids' in by
      ? by.ids.length > 0 && inArray(productVariants.id, by.ids)
      : by.skus.length > 0 &&
        and(
          eq(products.status, 'ACTIVE'),
          inArray(
            sql`lower(${productVariants.sku})`,
            by.skus.map((sku) => sku.toLowerCase()),
          ),
        );
  if (!match) return [];
  return selectPicks(db).where(and(eq(productVariants.organizationId, organizationId), match));
}

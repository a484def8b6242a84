import type { ProductSort, ProductStatus, TariffStatus } from '@despacho/domain';
import { and, asc, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { likePattern } from '../../platform/search';
import { productCounts, productImages, products, productVariants } from './products.tables';

/**
 * The catalogue's list reads: the page the merchant filters, searches and sorts, its rows'
 * summaries, and the export's batches over the same filters. The writes and the reads of whole
 * products are `products.repository.ts`.
 */

// Each order is exactly an index of products.tables.ts, read forwards or backwards: the time
// indexes are DESC NULLS LAST, so they say so (a plain DESC would be NULLS FIRST, and no index
// would serve it). The id breaks ties, sorted within each time (incremental sort).
const ORDER: Record<ProductSort, SQL[]> = {
  '-updated_at': [sql`${products.updatedAt} desc nulls last`, desc(products.id)],
  updated_at: [sql`${products.updatedAt} asc nulls first`, asc(products.id)],
  '-created_at': [sql`${products.createdAt} desc nulls last`, desc(products.id)],
  created_at: [sql`${products.createdAt} asc nulls first`, asc(products.id)],
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
};

/**
 * Pages a filtered list reads past its own before it stops counting: the next one, as far as the
 * pagination shows (a bound of 1,000 matches cost more than the page and the rest of the request
 * together: a tag's matches are spread one per heap page).
 */
const PAGES_AHEAD = 1;

const anyUuid = (ids: readonly string[]) => sql`any(${sql.param([...ids])}::uuid[])`;

/** Products of the organization with a variant whose SKU (any case) or barcode is `code`. */
export async function productsWithCode(
  db: DbOrTx,
  organizationId: string,
  code: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: productVariants.productId })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.organizationId, organizationId),
        or(
          sql`lower(${productVariants.sku}) = ${code.toLowerCase()}`,
          eq(productVariants.barcode, code),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

export interface ProductFilters {
  /** Already normalized (`searchWords`). */
  words: string[];
  /** The products whose SKU or barcode is exactly what was searched, in place of `words`. */
  exactIds?: string[] | undefined;
  status?: ProductStatus | undefined;
  vendorId?: string | undefined;
  collectionId?: string | undefined;
  tag?: string | undefined;
  tariffStatus?: TariffStatus | undefined;
}

function filters(organizationId: string, query: ProductFilters): SQL {
  const conditions: SQL[] = [eq(products.organizationId, organizationId)];
  if (query.status) conditions.push(eq(products.status, query.status));
  if (query.vendorId) conditions.push(eq(products.vendorId, query.vendorId));
  if (query.tariffStatus) conditions.push(eq(products.tariffStatus, query.tariffStatus));
  if (query.tag) conditions.push(sql`${products.tags} @> array[${query.tag}]::text[]`);
  if (query.collectionId) {
    // The products' copy of their collections (GIN index), as tags are filtered.
    conditions.push(sql`${products.collectionIds} @> array[${query.collectionId}]::uuid[]`);
  }
  if (query.exactIds) conditions.push(sql`${products.id} = ${anyUuid(query.exactIds)}`);
  // Every word in the search text (trigram index).
  for (const word of query.words) conditions.push(like(products.searchText, likePattern(word)));
  return and(...conditions)!;
}

const isFiltered = (query: ProductFilters) =>
  query.words.length > 0 ||
  query.exactIds !== undefined ||
  Boolean(query.status || query.vendorId || query.collectionId || query.tag || query.tariffStatus);

/**
 * The ids of one page, in order, and how many products match. Unfiltered, the page walks the
 * sort's index and the total is the organization's row of `product_counts`; filtered, one query
 * reads the page and the next (and one match more), each filter on its best index, and the total
 * is exact only when it ends there: `capped` says more than `total` match (the pages go on as one
 * moves forward).
 */
export async function findPage(
  db: DbOrTx,
  organizationId: string,
  query: ProductFilters & { sort: ProductSort; page: number; pageSize: number },
): Promise<{ ids: string[]; total: number; capped?: boolean }> {
  const where = filters(organizationId, query);
  const offset = (query.page - 1) * query.pageSize;
  const page = (limit: number) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(limit)
      .offset(offset);
  if (!isFiltered(query)) {
    const [rows, [counted]] = await Promise.all([
      page(query.pageSize),
      db
        .select({ total: productCounts.total })
        .from(productCounts)
        .where(eq(productCounts.organizationId, organizationId)),
    ]);
    return { ids: rows.map((row) => row.id), total: counted?.total ?? 0 };
  }
  const seen = query.pageSize * (1 + PAGES_AHEAD);
  const rows = await page(seen + 1);
  if (rows.length > 0 || offset === 0) {
    return {
      ids: rows.slice(0, query.pageSize).map((row) => row.id),
      total: offset + Math.min(rows.length, seen),
      ...(rows.length > seen ? { capped: true } : {}),
    };
  }
  // A page past the last match (typed in the address, or the list shrank): how many there are,
  // all of them before this page.
  const counted = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from (select 1 from ${products} where ${where} limit ${offset}) matches`,
  );
  return { ids: [], total: counted.rows[0]!.total };
}

export interface ListItemRow {
  id: string;
  name: string;
  status: ProductStatus;
  tariffStatus: TariffStatus;
  vendorId: string | null;
  tags: string[];
  updatedAt: Date;
  variantsCount: number;
  priceMin: number | null;
  priceMax: number | null;
  sku: string | null;
  coverId: string | null;
}

/** The list rows of these products: variant count, price range, first SKU and cover image. */
export async function findListItems(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<ListItemRow[]> {
  if (ids.length === 0) return [];
  const variants = db
    .select({
      count: sql<number>`count(*)::int`.as('variants_count'),
      min: sql<number | null>`min(${productVariants.priceCentavos})`.as('price_min'),
      max: sql<number | null>`max(${productVariants.priceCentavos})`.as('price_max'),
      sku: sql<
        string | null
      >`(array_agg(${productVariants.sku} order by ${productVariants.position}))[1]`.as(
        'first_sku',
      ),
    })
    .from(productVariants)
    .where(eq(productVariants.productId, products.id))
    .as('v');
  const cover = db
    .select({ id: sql<string>`${productImages.id}`.as('cover_id') })
    .from(productImages)
    .where(eq(productImages.productId, products.id))
    .orderBy(asc(productImages.position))
    .limit(1)
    .as('c');
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      tariffStatus: products.tariffStatus,
      vendorId: products.vendorId,
      tags: products.tags,
      updatedAt: products.updatedAt,
      variantsCount: variants.count,
      priceMin: sql<number | null>`${variants.min}::bigint`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      priceMax: sql<number | null>`${variants.max}::bigint`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      sku: variants.sku,
      coverId: cover.id,
    })
    .from(products)
    .leftJoinLateral(variants, sql`true`)
    .leftJoinLateral(cover, sql`true`)
    .where(and(eq(products.organizationId, organizationId), inArray(products.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Product ids of a filtered list after `after`, in a stable order: the export's batches. */
export async function findIdsAfter(
  db: DbOrTx,
  organizationId: string,
  query: ProductFilters,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(filters(organizationId, query), after ? sql`${products.id} > ${after}` : undefined))
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

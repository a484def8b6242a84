import type { ProductSort, ProductStatus, TariffStatus } from '@despacho/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { likePattern } from '../../platform/search';
import {
  collectionProducts,
  collections,
  productCounts,
  productImages,
  products,
  productVariants,
} from './products.tables';

export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;
export type VariantRow = typeof productVariants.$inferSelect;
export type VariantInsert = typeof productVariants.$inferInsert;
export type ImageRow = typeof productImages.$inferSelect;

/** The index that keeps a SKU once per organization, whatever its case. */
export const SKU_UNIQUE = 'product_variants_sku_unique';

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

/** Matches a filtered list counts beyond its page before it stops counting. */
const COUNT_BOUND = 1000;

const anyUuid = (ids: readonly string[]) => sql`any(${sql.param([...ids])}::uuid[])`;
const anyText = (values: readonly string[]) => sql`any(${sql.param([...values])}::text[])`;

/** Of these handles, those the organization already uses. */
export async function takenHandles(
  db: DbOrTx,
  organizationId: string,
  handles: readonly string[],
): Promise<Set<string>> {
  if (handles.length === 0) return new Set();
  const rows = await db
    .select({ handle: products.handle })
    .from(products)
    .where(
      and(
        eq(products.organizationId, organizationId),
        sql`${products.handle} = ${anyText(handles)}`,
      ),
    );
  return new Set(rows.map((row) => row.handle));
}

/**
 * The rows as one JSON parameter that `jsonb_to_recordset` reads back with the table's column
 * types: a multi-row VALUES of a thousand products would bind tens of thousands of parameters,
 * and building that statement costs far more than the insert itself. Columns no row sets keep
 * their defaults.
 */
function recordset<T extends PgTable>(table: T, rows: readonly Record<string, unknown>[]) {
  const keys = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => keys.has(key));
  const names = sql.join(
    columns.map(([key]) => sql.identifier(toSnakeCase(key))),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([key, column]) => sql`${sql.identifier(key)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  return sql`(${names}) select ${sql.join(
    columns.map(([key]) => sql.identifier(key)),
    sql`, `,
  )} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${types})`;
}

/**
 * Inserts the products, skipping those whose handle another save took meanwhile: answers the
 * ids inserted, so the caller retries the others with another handle.
 */
export async function insertProducts(db: DbOrTx, rows: ProductInsert[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = await db.execute<{ id: string }>(
    sql`insert into ${products} ${recordset(products, rows)}
        on conflict (organization_id, handle) do nothing returning id`,
  );
  return new Set(result.rows.map((row) => row.id));
}

export async function insertVariants(db: DbOrTx, rows: VariantInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`insert into ${productVariants} ${recordset(productVariants, rows)}`);
}

export async function updateProductRow(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<ProductInsert>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set(values)
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)))
    .returning();
  return row;
}

export async function updateVariant(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<VariantInsert>,
): Promise<void> {
  await db
    .update(productVariants)
    .set(values)
    .where(and(eq(productVariants.organizationId, organizationId), eq(productVariants.id, id)));
}

export async function deleteVariants(db: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .delete(productVariants)
    .where(
      and(
        eq(productVariants.organizationId, organizationId),
        sql`${productVariants.id} = ${anyUuid(ids)}`,
      ),
    );
}

/** The product, locked until the transaction ends (two saves of one product wait in turn). */
export async function lockProduct(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)))
    .for('update');
  return row;
}

export async function findProducts(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(eq(products.organizationId, organizationId), sql`${products.id} = ${anyUuid(ids)}`));
}

export async function findVariants(
  db: DbOrTx,
  organizationId: string,
  productIds: readonly string[],
): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productVariants)
    .where(
      and(
        eq(productVariants.organizationId, organizationId),
        sql`${productVariants.productId} = ${anyUuid(productIds)}`,
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
}

export async function findImagesOf(
  db: DbOrTx,
  organizationId: string,
  productIds: readonly string[],
): Promise<ImageRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productImages)
    .where(
      and(
        eq(productImages.organizationId, organizationId),
        sql`${productImages.productId} = ${anyUuid(productIds)}`,
      ),
    )
    .orderBy(asc(productImages.productId), asc(productImages.position));
}

export async function findCollectionsOf(
  db: DbOrTx,
  organizationId: string,
  productIds: readonly string[],
): Promise<{ productId: string; id: string; name: string }[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: collectionProducts.productId,
      id: collections.id,
      name: collections.name,
    })
    .from(collectionProducts)
    .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
    .where(
      and(
        eq(collectionProducts.organizationId, organizationId),
        sql`${collectionProducts.productId} = ${anyUuid(productIds)}`,
      ),
    )
    .orderBy(asc(collections.name));
}

// ─── The checks of a save, one query each whatever the number of products ───

/** Variants of the organization holding any of these SKUs (compared lower-cased). */
export async function variantsWithSkus(
  db: DbOrTx,
  organizationId: string,
  skuKeys: readonly string[],
): Promise<{ sku: string; productId: string }[]> {
  if (skuKeys.length === 0) return [];
  const rows = await db
    .select({ sku: productVariants.sku, productId: productVariants.productId })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.organizationId, organizationId),
        sql`lower(${productVariants.sku}) = ${anyText(skuKeys)}`,
      ),
    );
  return rows.map((row) => ({ sku: row.sku!, productId: row.productId }));
}

/** The organization's collections among these ids. */
export async function collectionIdsOf(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(eq(collections.organizationId, organizationId), sql`${collections.id} = ${anyUuid(ids)}`),
    );
  return new Set(rows.map((row) => row.id));
}

/** The organization's images among these ids, with their product and whether a collection uses one. */
export async function imagesByIds(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<{ id: string; productId: string | null; inCollection: boolean }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      inCollection: sql<boolean>`exists (select 1 from ${collections} where ${collections.imageId} = ${productImages.id})`,
    })
    .from(productImages)
    .where(
      and(
        eq(productImages.organizationId, organizationId),
        sql`${productImages.id} = ${anyUuid(ids)}`,
      ),
    );
}

// ─── Images ───

export async function insertImage(
  db: DbOrTx,
  values: typeof productImages.$inferInsert,
): Promise<ImageRow> {
  const [row] = await db.insert(productImages).values(values).returning();
  return row!;
}

export async function findImage(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<ImageRow | undefined> {
  const [row] = await db
    .select()
    .from(productImages)
    .where(and(eq(productImages.organizationId, organizationId), eq(productImages.id, id)));
  return row;
}

/**
 * Gives each image its product and place; an image is claimed only while no other product has
 * it. Answers how many were claimed.
 */
export async function claimImages(
  db: DbOrTx,
  organizationId: string,
  claims: readonly { id: string; productId: string; position: number }[],
): Promise<number> {
  if (claims.length === 0) return 0;
  const result = await db.execute(sql`
    update ${productImages} as i
       set product_id = c.product_id, position = c.position
      from unnest(${sql.param(claims.map((c) => c.id))}::uuid[],
                  ${sql.param(claims.map((c) => c.productId))}::uuid[],
                  ${sql.param(claims.map((c) => c.position))}::int[]) as c(id, product_id, position)
     where i.id = c.id and i.organization_id = ${organizationId}
       and (i.product_id is null or i.product_id = c.product_id)`);
  return result.rowCount ?? 0;
}

/** The product's images that are not among `keep`: deleted with the product's save. */
export async function imagesLeftOut(
  db: DbOrTx,
  organizationId: string,
  productId: string,
  keep: readonly string[],
): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(
      and(
        eq(productImages.organizationId, organizationId),
        eq(productImages.productId, productId),
        keep.length ? sql`not (${productImages.id} = ${anyUuid(keep)})` : undefined,
      ),
    );
}

export async function deleteImages(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(productImages).where(sql`${productImages.id} = ${anyUuid(ids)}`);
}

/** Uploads no product claimed before `before`, and no collection uses. */
export async function staleUploads(db: DbOrTx, before: Date, limit: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(
      and(
        isNull(productImages.productId),
        sql`${productImages.createdAt} < ${before}`,
        sql`not exists (select 1 from ${collections} where ${collections.imageId} = ${productImages.id})`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

// ─── Collections ───

/** Puts products in collections; a link that exists stays as it was (a product's save, the bulk
 * action, the collection's "add products"). */
export async function linkCollections(
  db: DbOrTx,
  organizationId: string,
  links: readonly { collectionId: string; productId: string }[],
  now: Date,
): Promise<void> {
  if (links.length === 0) return;
  const rows = links.map((link) => ({ ...link, organizationId, addedAt: now }));
  await db.execute(
    sql`insert into ${collectionProducts} ${recordset(collectionProducts, rows)} on conflict do nothing`,
  );
}

/** Takes the product out of every collection not among `keep`. */
export async function unlinkCollections(
  db: DbOrTx,
  organizationId: string,
  productId: string,
  keep: readonly string[],
): Promise<void> {
  await db
    .delete(collectionProducts)
    .where(
      and(
        eq(collectionProducts.organizationId, organizationId),
        eq(collectionProducts.productId, productId),
        keep.length ? sql`not (${collectionProducts.collectionId} = ${anyUuid(keep)})` : undefined,
      ),
    );
}

// ─── Removal and status ───

export async function deleteProduct(db: DbOrTx, organizationId: string, id: string) {
  const rows = await db
    .delete(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function setStatus(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
  status: ProductStatus,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(products)
    .set({ status, updatedAt: now })
    .where(and(eq(products.organizationId, organizationId), sql`${products.id} = ${anyUuid(ids)}`));
}

// ─── The list ───

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
 * sort's index and the total is the organization's row of `product_counts`; filtered without a
 * search, the page and the count run apart, each on its best index; with a search, one query
 * finds every match through the trigram index and counts it with `count(*) over ()` (PostgreSQL
 * never walks a sort index hoping to meet 20 rare matches early).
 */
export async function findPage(
  db: DbOrTx,
  organizationId: string,
  query: ProductFilters & { sort: ProductSort; page: number; pageSize: number },
): Promise<{ ids: string[]; total: number; capped?: boolean }> {
  const where = filters(organizationId, query);
  const offset = (query.page - 1) * query.pageSize;
  const page = (select: Parameters<typeof db.select>[0]) =>
    db
      .select(select)
      .from(products)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.pageSize)
      .offset(offset);
  if (!isFiltered(query)) {
    const [rows, [counted]] = await Promise.all([
      page({ id: products.id }),
      db
        .select({ total: productCounts.total })
        .from(productCounts)
        .where(eq(productCounts.organizationId, organizationId)),
    ]);
    return { ids: rows.map((row) => row.id as string), total: counted?.total ?? 0 };
  }
  // Filtered: the matches are counted only up to a bound past this page, so a filter or a word
  // that matches most of the catalogue never reads every match; `capped` says the total is a
  // lower bound (the pages go on as the user moves forward).
  const bound = offset + query.pageSize + COUNT_BOUND;
  const [rows, counted] = await Promise.all([
    page({ id: products.id }),
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from (select 1 from ${products} where ${where} limit ${bound}) matches`,
    ),
  ]);
  const total = counted.rows[0]!.total;
  return { ids: rows.map((row) => row.id as string), total, capped: total === bound };
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

/** Clears the SKUs of these variants, to be written again in the same transaction. */
export async function clearSkus(db: DbOrTx, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(productVariants)
    .set({ sku: null })
    .where(
      and(
        eq(productVariants.organizationId, organizationId),
        sql`${productVariants.id} = ${anyUuid(ids)}`,
      ),
    );
}

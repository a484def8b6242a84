import type { ProductStatus } from '@despacho/domain';
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import {
  collectionProducts,
  collections,
  productImages,
  products,
  productVariants,
} from './products.tables';

/**
 * The catalogue's writes and its reads of whole products: what the merchant's create, edit,
 * delete and bulk actions do, and the views they answer. The list's page and the export's
 * batches are `products.list.repository.ts`; other modules read variants through
 * `product-variants.repository.ts`.
 */

export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;
export type VariantRow = typeof productVariants.$inferSelect;
export type VariantInsert = typeof productVariants.$inferInsert;
export type ImageRow = typeof productImages.$inferSelect;

/** The index that keeps a SKU once per organization, whatever its case. */
export const SKU_UNIQUE = 'product_variants_sku_unique';

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

/** Tariff fields of these products of the organization; answers the ids it changed. */
export async function setTariff(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
  values: Pick<ProductInsert, 'tariffStatus' | 'tariffFraction' | 'tariffNico' | 'updatedAt'>,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(products)
    .set(values)
    .where(and(eq(products.organizationId, organizationId), inArray(products.id, [...ids])))
    .returning({ id: products.id });
  return rows.map((row) => row.id);
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

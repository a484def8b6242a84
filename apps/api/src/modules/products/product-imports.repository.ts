import {
  PRODUCT_IMPORT_OUTCOMES,
  PRODUCT_IMPORT_ROWS_SHOWN,
  type ProductImportSummary,
  type ProductImportView,
} from '@despacho/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { productImports, products, productVariants } from './products.tables';

export type ProductImportRecord = typeof productImports.$inferSelect;
type ProductImportValues = Omit<typeof productImports.$inferInsert, 'id'>;

export function productImportView(row: ProductImportRecord): ProductImportView {
  const summary = Object.fromEntries(
    PRODUCT_IMPORT_OUTCOMES.map((outcome) => [
      outcome,
      row.results.filter((result) => result.outcome === outcome).length,
    ]),
  ) as ProductImportSummary;
  return {
    id: row.id,
    status: row.status,
    file_name: row.fileName,
    rows_total: row.rowsTotal,
    products_total: row.productsTotal,
    products_done: row.productsDone,
    summary,
    rows: row.results.slice(0, PRODUCT_IMPORT_ROWS_SHOWN),
    rows_more: Math.max(0, row.results.length - PRODUCT_IMPORT_ROWS_SHOWN),
    errors: row.errors,
    errors_more: row.errorsMore,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function insertImport(db: DbOrTx, values: ProductImportValues) {
  const [row] = await db.insert(productImports).values(values).returning();
  return row!;
}

export async function findImport(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<ProductImportRecord | undefined> {
  const [row] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.organizationId, organizationId), eq(productImports.id, id)));
  return row;
}

export async function updateImport(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<
    Pick<
      ProductImportValues,
      'status' | 'productsDone' | 'errors' | 'errorsMore' | 'results' | 'finishedAt'
    >
  >,
) {
  await db
    .update(productImports)
    .set(values)
    .where(and(eq(productImports.organizationId, organizationId), eq(productImports.id, id)));
}

/** Moves a `checked` import to `queued`; answers the row when it did (the apply's one winner). */
export async function queueImport(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .update(productImports)
    .set({ status: 'queued' })
    .where(
      and(
        eq(productImports.organizationId, organizationId),
        eq(productImports.id, id),
        eq(productImports.status, 'checked'),
      ),
    )
    .returning();
  return row;
}

/** The organization's products with these handles: id by handle. */
export async function productsByHandle(
  db: DbOrTx,
  organizationId: string,
  handles: readonly string[],
): Promise<Map<string, string>> {
  if (handles.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, handle: products.handle })
    .from(products)
    .where(
      and(
        eq(products.organizationId, organizationId),
        sql`${products.handle} = any(${sql.param([...handles])}::text[])`,
      ),
    );
  return new Map(rows.map((row) => [row.handle, row.id]));
}

/** The organization's variants with these SKU keys (lower case): product id by SKU key. */
export async function productsBySku(
  db: DbOrTx,
  organizationId: string,
  skuKeys: readonly string[],
): Promise<Map<string, string>> {
  if (skuKeys.length === 0) return new Map();
  const rows = await db
    .select({
      sku: sql<string>`lower(${productVariants.sku})`,
      productId: productVariants.productId,
    })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.organizationId, organizationId),
        sql`lower(${productVariants.sku}) = any(${sql.param([...skuKeys])}::text[])`,
      ),
    );
  return new Map(rows.map((row) => [row.sku, row.productId]));
}

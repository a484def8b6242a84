import type { ProductImportView } from '@despacho/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { productImports } from './products.tables';

export type ProductImportRow = typeof productImports.$inferSelect;
type ProductImportValues = Omit<typeof productImports.$inferInsert, 'id'>;

export function productImportView(row: ProductImportRow): ProductImportView {
  return {
    id: row.id,
    status: row.status,
    file_name: row.fileName,
    rows_total: row.rowsTotal,
    products_total: row.productsTotal,
    products_done: row.productsDone,
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
): Promise<ProductImportRow | undefined> {
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
    Pick<ProductImportValues, 'status' | 'productsDone' | 'errors' | 'errorsMore' | 'finishedAt'>
  >,
) {
  await db
    .update(productImports)
    .set(values)
    .where(and(eq(productImports.organizationId, organizationId), eq(productImports.id, id)));
}

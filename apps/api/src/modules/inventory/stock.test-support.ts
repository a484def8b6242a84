import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { searchKey } from '../../platform/search';

/**
 * A product with `count` variants, written straight to the tables (the stock ledger's tests);
 * with `skus`, variant n gets `skus[n]` and the option value `Talla n`.
 */
export async function insertVariants(
  db: Db,
  organizationId: string,
  count = 1,
  product: { name?: string; skus?: string[] } = {},
): Promise<string[]> {
  const now = new Date().toISOString();
  const name = product.name ?? 'Playera';
  const skus = product.skus ?? [];
  const inserted = await db.execute<{ id: string }>(sql`
    insert into products (organization_id, handle, name, status, unit, search_text, created_at, updated_at)
    values (${organizationId}, ${`p-${crypto.randomUUID()}`}, ${name}, 'DRAFT', 'cm_kg',
            ${searchKey([name, ...skus].join(' '))}, ${now}, ${now})
    returning id`);
  const variants = await db.execute<{ id: string }>(sql`
    insert into product_variants (organization_id, product_id, position, option_values, sku, created_at, updated_at)
    select ${organizationId}, ${inserted.rows[0]!.id}, n,
           case when ${skus.length} > 0 then array['Talla ' || n] else '{}'::text[] end,
           ${JSON.stringify(skus)}::jsonb ->> n, ${now}, ${now}
    from generate_series(0, ${count - 1}) n
    order by n
    returning id`);
  return variants.rows.map((row) => row.id);
}

/** A platform warehouse (no organization), open to every merchant. */
export async function insertWarehouse(db: Db, code = `W-${crypto.randomUUID()}`): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into stock_locations (kind, code, name, created_at)
    values ('warehouse', ${code}, ${`Almacén ${code}`}, now()) returning id`);
  return result.rows[0]!.id;
}

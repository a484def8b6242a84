import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

/** A product with `count` variants, written straight to the tables (the stock ledger's tests). */
export async function insertVariants(db: Db, organizationId: string, count = 1): Promise<string[]> {
  const now = new Date().toISOString();
  const product = await db.execute<{ id: string }>(sql`
    insert into products (organization_id, handle, name, status, unit, search_text, created_at, updated_at)
    values (${organizationId}, ${`p-${crypto.randomUUID()}`}, 'Playera', 'DRAFT', 'cm_kg', 'playera', ${now}, ${now})
    returning id`);
  const variants = await db.execute<{ id: string }>(sql`
    insert into product_variants (organization_id, product_id, position, created_at, updated_at)
    select ${organizationId}, ${product.rows[0]!.id}, n, ${now}, ${now}
    from generate_series(0, ${count - 1}) n
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

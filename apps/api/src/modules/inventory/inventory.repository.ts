import type { InventoryQuery, PaginationQuery, StockOperationKind } from '@despacho/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { likePattern, searchWords } from '../../platform/search';

/*
 * Product names and SKUs are read straight from `products` / `product_variants` (their columns
 * only) until the products module offers a read for them; the tables' owner is that module.
 */

export type LocationColumns = {
  location_id: string;
  location_kind: 'warehouse' | 'own';
  location_name: string;
  location_code: string | null;
  location_book_id: string | null;
  location_active: boolean;
};

export type InventoryDbRow = LocationColumns & {
  variant_id: string;
  product_id: string;
  product_name: string;
  option_values: string[];
  sku: string | null;
  on_hand: number;
  reserved: number;
  available: number;
  incoming: number;
  not_sellable: number;
};

const locationColumns = sql`l.id as location_id, l.kind as location_kind, l.name as location_name,
  l.code as location_code, l.location_id as location_book_id, l.active as location_active`;

const plainName = sql`translate(lower(p.name), 'áéíóúüñàèìòù', 'aeiouunaeiou')`;

function inventoryFilters(query: InventoryQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.location_id) conditions.push(sql`l.id = ${query.location_id}`);
  if (query.low_stock) conditions.push(sql`coalesce(b.available, 0) <= ${query.threshold}`);
  if (query.out_of_stock) conditions.push(sql`coalesce(b.available, 0) = 0`);
  const words = searchWords(query.search);
  if (query.search && words.length > 0) {
    // The name's own words (not `search_text`, which holds every SKU too), lower case and
    // without Spanish accents, as `searchWords` gives the typed ones.
    const byName = sql.join(
      words.map((word) => sql`${plainName} like ${likePattern(word)}`),
      sql` and `,
    );
    conditions.push(sql`(lower(v.sku) = lower(${query.search}) or (${byName}))`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The organization's stock per variant and location: every variant at each of its active own
 * locations (zero when nothing was ever kept there) and every balance it keeps anywhere.
 */
function inventoryFrom(organizationId: string, query: InventoryQuery): SQL {
  return sql`
    from (
      select variant_id, location_id from stock_balances where organization_id = ${organizationId}
      union
      select v.id, l.id from product_variants v
        join stock_locations l on l.organization_id = v.organization_id and l.kind = 'own' and l.active
       where v.organization_id = ${organizationId}
    ) k
    join product_variants v on v.organization_id = ${organizationId} and v.id = k.variant_id
    join products p on p.organization_id = ${organizationId} and p.id = v.product_id
    join stock_locations l on l.id = k.location_id
    left join stock_balances b on b.organization_id = ${organizationId}
      and b.variant_id = k.variant_id and b.location_id = k.location_id
    where ${inventoryFilters(query)}`;
}

export async function findInventory(db: DbOrTx, organizationId: string, query: InventoryQuery) {
  const from = inventoryFrom(organizationId, query);
  const [rows, count] = await Promise.all([
    db.execute<InventoryDbRow>(sql`
      select v.id as variant_id, p.id as product_id, p.name as product_name, v.option_values,
             v.sku, ${locationColumns},
             coalesce(b.on_hand, 0) as on_hand, coalesce(b.reserved, 0) as reserved,
             coalesce(b.available, 0) as available, coalesce(b.incoming, 0) as incoming,
             coalesce(b.not_sellable, 0) as not_sellable
      ${from}
      order by p.name, p.id, v.position, l.kind desc, l.name, l.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total ${from}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.total };
}

export type MovementDbRow = LocationColumns & {
  id: number;
  operation_id: string;
  kind: StockOperationKind;
  on_hand: number;
  reserved: number;
  incoming: number;
  not_sellable: number;
  reason: string | null;
  cause_type: string;
  cause_id: string;
  actor_id: string | null;
  /** As the driver answers a raw query: text. */
  created_at: string;
};

/** A variant's movements, newest first. */
export async function findMovements(
  db: DbOrTx,
  organizationId: string,
  variantId: string,
  query: PaginationQuery,
) {
  const [rows, count] = await Promise.all([
    db.execute<MovementDbRow>(sql`
      select m.id::int as id, m.operation_id, o.kind, m.on_hand, m.reserved, m.incoming,
             m.not_sellable, o.reason, o.cause_type, o.cause_id, o.actor_id, m.created_at,
             ${locationColumns}
      from stock_movements m
      join stock_operations o on o.id = m.operation_id
      join stock_locations l on l.id = m.location_id
      where m.organization_id = ${organizationId} and m.variant_id = ${variantId}
      order by m.created_at desc, m.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total from stock_movements
      where organization_id = ${organizationId} and variant_id = ${variantId}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.total };
}

/** Available per variant at one location, for the variants that have a balance there. */
export async function findAvailable(
  db: DbOrTx,
  organizationId: string,
  locationId: string,
  variantIds: string[],
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const result = await db.execute<{ variant_id: string; available: number }>(sql`
    select variant_id, available from stock_balances
    where organization_id = ${organizationId} and location_id = ${locationId}
      and variant_id = any(${`{${variantIds.join(',')}}`}::uuid[])`);
  return new Map(result.rows.map((row) => [row.variant_id, Number(row.available)]));
}

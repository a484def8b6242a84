import type { StockLine, StockOperationKind } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { searchKey } from '../../platform/search';
import { applied, type AppliedOperation, type AppliedRow } from './stock-ledger';

/** An operation as `stock_apply` takes it: a kind, its key and raw deltas per line. */
export interface StockOperation {
  idempotencyKey: string;
  kind: StockOperationKind;
  cause: { type: string; id: string };
  reason?: string | null;
  actorId?: string | null;
  lines: readonly StockLine[];
}

/**
 * `stock_apply` itself, the core under inventory's verbs, for the tests of the core (any kind
 * with any deltas, as the property test models them); modules move stock through StockLedger.
 */
export class StockOperations {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  apply(
    organizationId: string,
    operation: StockOperation,
    db: DbOrTx = this.deps.db,
  ): Promise<AppliedOperation> {
    const column = (bucket: 'on_hand' | 'reserved' | 'incoming' | 'not_sellable') =>
      `{${operation.lines.map((line) => line[bucket] ?? 0).join(',')}}`;
    const ids = (key: 'variant_id' | 'location_id') =>
      `{${operation.lines.map((line) => line[key]).join(',')}}`;
    return applied(
      db
        .execute<AppliedRow>(
          sql`select * from stock_apply(
            ${organizationId}, ${operation.idempotencyKey}, ${operation.kind},
            ${operation.cause.type}, ${operation.cause.id}, ${operation.reason ?? null},
            ${operation.actorId ?? null}, ${this.deps.clock.now().toISOString()},
            ${ids('variant_id')}::uuid[], ${ids('location_id')}::uuid[],
            ${column('on_hand')}::int[], ${column('reserved')}::int[], ${column('incoming')}::int[],
            ${column('not_sellable')}::int[])`,
        )
        .then((result) => result.rows),
    );
  }
}

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

/** `insertVariants` writes drafts; a store's SKUs map to active products only. */
export async function activate(db: Db, variantIds: string[]) {
  await db.execute(sql`
    update products set status = 'ACTIVE'
     where id in (select product_id from product_variants where id = any(${`{${variantIds.join(',')}}`}::uuid[]))`);
}

/** A platform warehouse (no organization), open to every merchant. */
export async function insertWarehouse(db: Db, code = `W-${crypto.randomUUID()}`): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into stock_locations (kind, code, name, created_at)
    values ('warehouse', ${code}, ${`Almacén ${code}`}, now()) returning id`);
  return result.rows[0]!.id;
}

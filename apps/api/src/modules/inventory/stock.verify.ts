import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { InvariantSet } from '../../platform/invariants';

/**
 * The stock ledger's own invariants, each a query answering the rows that break it; what other
 * modules expect of their stock movements is in their own sets (exits.verify.ts,
 * shipments.verify.ts), registered beside this one in modules/invariants.ts.
 */
const CHECKS: Record<string, SQL> = {
  'balances equal the sum of their movements': sql`
    select b.organization_id, b.variant_id, b.location_id,
           b.on_hand, b.reserved, b.incoming, b.not_sellable,
           coalesce(sum(m.on_hand), 0) as moved_on_hand,
           coalesce(sum(m.reserved), 0) as moved_reserved,
           coalesce(sum(m.incoming), 0) as moved_incoming,
           coalesce(sum(m.not_sellable), 0) as moved_not_sellable
    from stock_balances b
    left join stock_movements m on m.organization_id = b.organization_id
      and m.variant_id = b.variant_id and m.location_id = b.location_id
    group by b.organization_id, b.variant_id, b.location_id
    having b.on_hand <> coalesce(sum(m.on_hand), 0)
        or b.reserved <> coalesce(sum(m.reserved), 0)
        or b.incoming <> coalesce(sum(m.incoming), 0)
        or b.not_sellable <> coalesce(sum(m.not_sellable), 0)`,
  'no bucket below zero, nothing reserved beyond on hand': sql`
    select organization_id, variant_id, location_id, on_hand, reserved, incoming, not_sellable
    from stock_balances
    where on_hand < 0 or reserved < 0 or incoming < 0 or not_sellable < 0 or reserved > on_hand`,
  'every operation moved something': sql`
    select o.id as operation_id, o.kind
    from stock_operations o
    where not exists (select 1 from stock_movements m where m.operation_id = o.id)`,
  // The movements carry no foreign keys (decision 039, written only by stock_apply, which
  // writes the operation and the balance first): these two are what the keys would refuse.
  'every movement belongs to an operation of its organization': sql`
    select m.id as movement_id, m.operation_id
    from stock_movements m left join stock_operations o on o.id = m.operation_id
    where o.id is null or m.organization_id <> o.organization_id`,
  'every movement has its balance': sql`
    select m.id as movement_id, m.organization_id, m.variant_id, m.location_id
    from stock_movements m
    where not exists (select 1 from stock_balances b
                       where b.organization_id = m.organization_id
                         and b.variant_id = m.variant_id and b.location_id = m.location_id)`,
  // Issue 21: an inactive location is hidden from the merchant's lists; stock there would be stuck.
  'no inactive location holds stock': sql`
    select b.organization_id, b.variant_id, b.location_id,
           b.on_hand, b.reserved, b.incoming, b.not_sellable
    from stock_balances b join stock_locations l on l.id = b.location_id
    where not l.active
      and (b.on_hand <> 0 or b.reserved <> 0 or b.incoming <> 0 or b.not_sellable <> 0)`,
  'own locations hold only their organization’s stock': sql`
    select b.organization_id, b.variant_id, b.location_id
    from stock_balances b join stock_locations l on l.id = b.location_id
    where l.kind = 'own' and l.organization_id <> b.organization_id`,
};

export const stockInvariants: InvariantSet = {
  subject: 'stock',
  owner: 'inventory',
  checks: CHECKS,
};

/** Counts for the report's first line. */
export async function stockTotals(db: DbOrTx) {
  const result = await db.execute<{ operations: number; movements: number; balances: number }>(sql`
    select (select count(*) from stock_operations)::int as operations,
           (select count(*) from stock_movements)::int as movements,
           (select count(*) from stock_balances)::int as balances`);
  return result.rows[0]!;
}

import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { checkInvariants, type InvariantProblem } from '../../platform/invariants';

/**
 * Every invariant of the stock ledger, each a query answering the rows that break it
 * (`checkInvariants` runs them in one snapshot), the exits' reservations included.
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
  'movements stay within their operation’s organization': sql`
    select m.id as movement_id, m.operation_id
    from stock_movements m join stock_operations o on o.id = m.operation_id
    where m.organization_id <> o.organization_id`,
  // A label's reservation (stock_follow_reservation): shipped once its guide is bought, released once
  // its purchase failed, held while it is under way.
  'label reservations follow their guide': sql`
    select s.id as shipment_id, s.purchase_state
    from shipments s
    join stock_operations r on r.organization_id = s.organization_id
      and r.idempotency_key = stock_key_of('reserve', 'shipment', s.id::text, null)
    where (s.purchase_state = 'purchased') <> exists (select 1 from stock_operations o
            where o.organization_id = s.organization_id
              and o.idempotency_key = stock_key_of('ship', 'shipment', s.id::text, null))
       or (s.purchase_state = 'failed') <> exists (select 1 from stock_operations o
            where o.organization_id = s.organization_id
              and o.idempotency_key = stock_key_of('release', 'shipment', s.id::text, null))`,
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
  // Label purchases reserve at the same balances, so exits may hold less, never more.
  'exits in processing reserve no more than their balances hold': sql`
    select e.organization_id, l.variant_id, e.warehouse_id as location_id,
           sum(l.quantity) as exits_reserved, coalesce(max(b.reserved), 0) as reserved
    from exits e join exit_lines l on l.exit_id = e.id
    left join stock_balances b on b.organization_id = e.organization_id
      and b.variant_id = l.variant_id and b.location_id = e.warehouse_id
    where e.status = 'processing'
    group by e.organization_id, l.variant_id, e.warehouse_id
    having sum(l.quantity) > coalesce(max(b.reserved), 0)`,
  // A processing exit holds its lines; a created, shipped or cancelled one holds nothing.
  'each exit holds exactly its reservation': sql`
    select e.id as exit_id, e.status, l.variant_id, l.quantity,
           coalesce(sum(m.reserved), 0) as held
    from exits e join exit_lines l on l.exit_id = e.id
    left join stock_operations o on o.organization_id = e.organization_id
      and o.cause_type = 'exit' and o.cause_id = e.id::text
    left join stock_movements m on m.operation_id = o.id and m.variant_id = l.variant_id
    group by e.id, e.status, l.variant_id, l.quantity
    having coalesce(sum(m.reserved), 0)
        <> case when e.status = 'processing' then l.quantity else 0 end`,
};

export const STOCK_CHECKS = Object.keys(CHECKS);

/** Runs every check; an empty answer means the stock ledger is whole. */
export const verifyStock = (db: DbOrTx): Promise<InvariantProblem[]> => checkInvariants(db, CHECKS);

/** Counts for the report's first line. */
export async function stockTotals(db: DbOrTx) {
  const result = await db.execute<{ operations: number; movements: number; balances: number }>(sql`
    select (select count(*) from stock_operations)::int as operations,
           (select count(*) from stock_movements)::int as movements,
           (select count(*) from stock_balances)::int as balances`);
  return result.rows[0]!;
}

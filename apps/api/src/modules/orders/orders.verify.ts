import { sql } from 'drizzle-orm';
import type { InvariantSet } from '../../platform/invariants';

/**
 * What orders expect of the stock ledger: the units an order's moves hold reserved (cause
 * `order`, ids `<order>.<n>` and `<order>.f.<fulfilment>`) are exactly what its lines say they
 * hold, per variant at the order's location. Registered in modules/invariants.ts, run by
 * `npm run stock:verify`.
 */
export const orderStockInvariants: InvariantSet = {
  subject: 'stock',
  owner: 'orders',
  checks: {
    'each order holds exactly its lines’ reservation': sql`
      with held as (
        select o.organization_id, split_part(o.cause_id, '.', 1) as order_id, m.variant_id,
               m.location_id, sum(m.reserved) as held
        from stock_operations o join stock_movements m on m.operation_id = o.id
        where o.cause_type = 'order'
        group by 1, 2, 3, 4),
      wanted as (
        select r.organization_id, r.id::text as order_id, l.variant_id, r.location_id,
               sum(l.reserved_quantity) as wanted
        from orders r join order_lines l on l.order_id = r.id
        where l.reserved_quantity > 0
        group by 1, 2, 3, 4)
      select organization_id, order_id, variant_id, location_id,
             coalesce(held, 0) as held, coalesce(wanted, 0) as wanted
      from held full join wanted using (organization_id, order_id, variant_id, location_id)
      where coalesce(held, 0) <> coalesce(wanted, 0)`,
  },
};

import { sql } from 'drizzle-orm';
import type { InvariantSet } from '../../platform/invariants';

/**
 * What exits expect of the stock ledger (issue 21: a consumer's checks live with it): a
 * processing exit holds its lines' reservation, nothing else does. Registered in
 * modules/invariants.ts, run by `npm run stock:verify`.
 */
export const exitStockInvariants: InvariantSet = {
  subject: 'stock',
  owner: 'exits',
  checks: {
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
  },
};

import { sql } from 'drizzle-orm';
import type { InvariantSet } from '../../platform/invariants';

/**
 * What a label purchase expects of the stock ledger (issue 21: a consumer's checks live with it).
 * Registered in modules/invariants.ts, run by `npm run stock:verify`.
 */
export const labelStockInvariants: InvariantSet = {
  subject: 'stock',
  owner: 'shipments',
  checks: {
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
  },
};

/**
 * What a guide expects of the wallet: a purchased guide's hold was captured by its charge, a
 * failed one's was released. Run by `npm run ledger:verify` beside the ledger's own checks.
 */
export const labelMoneyInvariants: InvariantSet = {
  subject: 'money',
  owner: 'shipments',
  checks: {
    'guides settle their hold as their purchase ended': sql`
      select s.id as shipment_id, s.purchase_state, h.id as hold_id, h.status as hold_status
      from shipments s join ledger_holds h on h.id = s.hold_id
      where (s.purchase_state = 'purchased'
             and (h.status <> 'captured'
                  or h.settle_transaction_id is distinct from s.charge_transaction_id))
         or (s.purchase_state = 'failed' and h.status <> 'released')`,
  },
};

/**
 * The dashboard's guides made per day (made-per-day.functions.sql) equal the guides bought and
 * not cancelled that day, by carrier and state. Run by `npm run ledger:verify`: a guide made is
 * one paid for, the same purchases the daily spend follows.
 */
export const guidesMadeInvariants: InvariantSet = {
  subject: 'money',
  owner: 'shipments',
  checks: {
    'guides made per day match the guides bought and not cancelled': sql`
      with source as (
        select organization_id, (created_at at time zone 'America/Mexico_City')::date as day,
               carrier_key, destination_state, count(*) as count
        from shipments
        where purchase_state = 'purchased' and status <> 'cancelled'
        group by 1, 2, 3, 4),
      kept as (
        select organization_id, day, carrier_key, destination_state, count
        from shipments_made_daily where count <> 0)
      select coalesce(source.organization_id, kept.organization_id) as organization_id,
             coalesce(source.day, kept.day) as day,
             coalesce(source.carrier_key, kept.carrier_key) as carrier_key,
             coalesce(source.destination_state, kept.destination_state) as destination_state,
             source.count as made, kept.count as kept
      from source full join kept
        on kept.organization_id = source.organization_id and kept.day = source.day
       and kept.carrier_key = source.carrier_key
       and kept.destination_state is not distinct from source.destination_state
      where coalesce(source.count, 0) <> coalesce(kept.count, 0)`,
  },
};

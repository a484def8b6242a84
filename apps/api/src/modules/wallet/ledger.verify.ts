import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { InvariantSet } from '../../platform/invariants';

/**
 * The ledger's own invariants, each a query that answers the rows breaking it; what other
 * modules expect of their money (a guide of its hold) is in their own sets, registered beside
 * this one in modules/invariants.ts.
 */
const CHECKS: Record<string, SQL> = {
  'transactions sum to zero': sql`
    select t.id as transaction_id, coalesce(sum(e.amount), 0) as total, count(e.id) as entries
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) = 0`,
  'stored balance equals the sum of entries': sql`
    select a.id as account_id, a.kind, a.balance, coalesce(sum(e.amount), 0) as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.organization_id is not null
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  'latest balance_after equals the stored balance': sql`
    select a.id as account_id, a.balance, last.balance_after
    from ledger_accounts a
    join lateral (select balance_after from ledger_entries e
                  where e.account_id = a.id order by e.id desc limit 1) last on true
    where a.organization_id is not null and last.balance_after is distinct from a.balance`,
  'no negative organization balance': sql`
    select id as account_id, kind, balance from ledger_accounts where balance < 0`,
  'wallet change of each transaction matches its entries': sql`
    select t.id as transaction_id, t.wallet_amount, coalesce(sum(e.amount), 0) as entries
    from ledger_transactions t
    join ledger_accounts w on w.organization_id = t.organization_id and w.kind = 'wallet'
    left join ledger_entries e on e.transaction_id = t.id and e.account_id = w.id
    group by t.id, t.wallet_amount having t.wallet_amount <> coalesce(sum(e.amount), 0)`,
  'entries stay within their organization': sql`
    select e.id as entry_id, t.id as transaction_id
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join ledger_accounts a on a.id = e.account_id
    where a.organization_id is not null and a.organization_id <> t.organization_id`,
  'held amounts equal the hold account': sql`
    select a.organization_id, a.balance,
           coalesce((select sum(h.amount) from ledger_holds h
                     where h.organization_id = a.organization_id and h.status = 'held'), 0) as held
    from ledger_accounts a
    where a.kind = 'wallet_hold'
      and a.balance <> coalesce((select sum(h.amount) from ledger_holds h
                                 where h.organization_id = a.organization_id
                                   and h.status = 'held'), 0)`,
  'settled holds have a settling transaction of their organization': sql`
    select h.id as hold_id, h.status
    from ledger_holds h
    left join ledger_transactions s on s.id = h.settle_transaction_id
    join ledger_transactions p on p.id = h.hold_transaction_id
    where p.organization_id <> h.organization_id
       or (h.status <> 'held' and (s.id is null or s.organization_id <> h.organization_id))`,
  'refunds never exceed their charge': sql`
    select c.id as transaction_id, sum(r.wallet_amount) as refunded
    from ledger_transactions c
    join ledger_transactions r on r.related_transaction_id = c.id and r.kind = 'refund'
    where c.kind <> 'refund'
    group by c.id, c.wallet_amount
    having sum(r.wallet_amount) > (select coalesce(sum(e.amount), 0) from ledger_entries e
                                   join ledger_accounts a on a.id = e.account_id
                                   where e.transaction_id = c.id and a.organization_id is null)`,
  // Per organization and day, whatever the causes (spend.functions.sql): the trigger's sums.
  'daily spend adds up to the entries paid that day': sql`
    with paid as (
      select t.organization_id, (t.created_at at time zone 'America/Mexico_City')::date as day,
             sum(e.amount) as amount
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      join ledger_accounts a on a.id = e.account_id
      where a.organization_id is null and a.kind not in ('bank_clearing', 'card_clearing')
      group by 1, 2),
    kept as (
      select organization_id, day, sum(amount) as amount from ledger_daily_spend group by 1, 2)
    select coalesce(paid.organization_id, kept.organization_id) as organization_id,
           coalesce(paid.day, kept.day) as day, paid.amount as paid, kept.amount as kept
    from paid full join kept on kept.organization_id = paid.organization_id and kept.day = paid.day
    where coalesce(paid.amount, 0) <> coalesce(kept.amount, 0)`,
};

export const ledgerInvariants: InvariantSet = { subject: 'money', owner: 'wallet', checks: CHECKS };

/** How much the ledger holds, for the report. */
export async function ledgerTotals(db: DbOrTx) {
  const result = await db.execute<{ transactions: number; entries: number; wallets: number }>(sql`
    select (select count(*) from ledger_transactions)::int as transactions,
           (select count(*) from ledger_entries)::int as entries,
           (select count(*) from ledger_accounts where kind = 'wallet')::int as wallets`);
  return result.rows[0]!;
}

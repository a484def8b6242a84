import { sql } from 'drizzle-orm';
import type { InvariantSet } from '../../platform/invariants';

/**
 * What an embarque's money expects of itself and of the wallet (issue 25). Registered in
 * modules/invariants.ts, run by `npm run ledger:verify` beside the ledger's own checks.
 */
export const embarqueMoneyInvariants: InvariantSet = {
  subject: 'money',
  owner: 'embarques',
  checks: {
    // The list's sums (kept by every money action) are the requests' and expenses' own.
    'embarque balance and pending match its requests and expenses': sql`
      with sums as (
        select e.organization_id, e.id, e.balance, e.pending,
          coalesce((select sum(r.amount - r.refunded) from embarque_payment_requests r
                    where r.organization_id = e.organization_id and r.embarque_id = e.id
                      and r.kind = 'advance' and r.status = 'paid'), 0)
          - coalesce((select sum(x.amount) from embarque_expenses x
                      where x.organization_id = e.organization_id and x.embarque_id = e.id), 0)
            as expected_balance,
          coalesce((select sum(r.amount) from embarque_payment_requests r
                    where r.organization_id = e.organization_id and r.embarque_id = e.id
                      and r.status = 'pending'), 0) as expected_pending
        from embarques e)
      select id as embarque_id, balance, expected_balance, pending, expected_pending
      from sums where balance <> expected_balance or pending <> expected_pending`,
    // A paid request is one debit of its organization's wallet for its amount; what it says was
    // refunded is what the ledger's refunds of that debit returned.
    'embarque payments are their ledger debits and refunds': sql`
      select r.id as payment_request_id, r.amount, r.refunded, t.wallet_amount,
             coalesce(sum(f.wallet_amount), 0) as ledger_refunded
      from embarque_payment_requests r
      left join ledger_transactions t on t.id = r.ledger_transaction_id
        and t.organization_id = r.organization_id and t.kind = 'embarque'
      left join ledger_transactions f on f.related_transaction_id = t.id and f.kind = 'refund'
      where r.status = 'paid'
      group by r.id, r.amount, r.refunded, t.wallet_amount
      having t.wallet_amount is distinct from -r.amount
          or coalesce(sum(f.wallet_amount), 0) <> r.refunded`,
    'closed embarques have nothing owed either way': sql`
      select id as embarque_id, balance, pending from embarques
      where step = 'closed' and (balance <> 0 or pending <> 0)`,
  },
};

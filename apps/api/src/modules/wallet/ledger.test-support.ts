import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { Line, Movement } from './ledger.service';

/**
 * Captures a hold through the wallet's SQL (`ledger_capture_hold`), the one capture there is
 * (issue 21: a guide's settle is its only caller in the app), for the ledger's own tests.
 * Answers its outcome and, when 'captured', what moved.
 */
export async function captureHold(
  db: DbOrTx,
  input: Movement & { holdId: string; lines: Line[] },
  now: Date,
) {
  const result = await db.execute<{
    outcome: string;
    transaction_id: string | null;
    wallet_amount: string | null;
    wallet_balance_after: string | null;
  }>(sql`
    select * from ledger_capture_hold(${input.organizationId}, ${input.holdId},
      ${input.idempotencyKey}, ${`test:${input.idempotencyKey}`}, ${input.kind},
      ${input.reference?.type ?? null}, ${input.reference?.id ?? null},
      ${sql.param(input.lines.map((line) => line.account))}::text[],
      ${sql.param(input.lines.map((line) => line.amount))}::bigint[], ${now.toISOString()})`);
  const row = result.rows[0]!;
  return {
    outcome: row.outcome,
    transactionId: row.transaction_id!,
    walletAmount: Number(row.wallet_amount),
    walletBalance: Number(row.wallet_balance_after),
  };
}

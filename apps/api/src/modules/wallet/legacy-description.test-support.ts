import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

/**
 * Makes a movement look like one written before descriptions were codes: a sentence and no code.
 * Transactions are immutable (`ledger_transactions_immutable`), so the guard is off for this one
 * database transaction, as in the migration that maps such rows.
 */
export async function storeLegacyDescription(db: Db, id: string, text: string) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`alter table ledger_transactions disable trigger ledger_transactions_immutable`,
    );
    await tx.execute(sql`update ledger_transactions
      set description = ${text}, description_code = null, description_params = null
      where id = ${id}`);
    await tx.execute(
      sql`alter table ledger_transactions enable trigger ledger_transactions_immutable`,
    );
  });
}

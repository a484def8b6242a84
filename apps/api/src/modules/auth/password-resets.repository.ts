import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { passwordResetTokens } from './auth.tables';

export type PasswordResetRow = typeof passwordResetTokens.$inferSelect;

export async function insertPasswordReset(
  db: DbOrTx,
  values: typeof passwordResetTokens.$inferInsert,
) {
  await db.insert(passwordResetTokens).values(values);
}

/** With `lock`, holds the row until the transaction ends. */
export async function findPasswordReset(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Uses up every open recovery link of the user: a new password makes the others pointless. */
export async function usePasswordResets(db: DbOrTx, userId: string, at: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

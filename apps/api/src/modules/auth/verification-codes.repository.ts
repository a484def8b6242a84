import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { verificationCodes } from './auth.tables';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
type NewCode = Omit<typeof verificationCodes.$inferInsert, 'attempts'>;

/** With `lock`, holds the row until the transaction ends: concurrent guesses count one by one. */
export async function findCode(db: DbOrTx, userId: string, lock = false) {
  const query = db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Stores the user's new code in place of the old one, with its attempts back to zero. */
export async function replaceCode(db: DbOrTx, values: NewCode) {
  const fresh = { ...values, attempts: 0 };
  await db
    .insert(verificationCodes)
    .values(fresh)
    .onConflictDoUpdate({ target: verificationCodes.userId, set: fresh });
}

export async function countWrongAttempt(db: DbOrTx, userId: string) {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.userId, userId));
}

export async function deleteCode(db: DbOrTx, userId: string) {
  await db.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
}

import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { refreshTokens } from './auth.tables';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;

export async function insertRefreshToken(db: DbOrTx, values: NewRefreshToken) {
  const [row] = await db.insert(refreshTokens).values(values).returning();
  return row!;
}

/** With `lock`, holds the row until the transaction ends: two refreshes run one after the other. */
export async function findRefreshToken(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function markReplaced(db: DbOrTx, id: string, replacedBy: string) {
  await db.update(refreshTokens).set({ replacedBy }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: DbOrTx, familyId: string, at: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of the user, but the family `keep` when given (the caller's own). */
export async function revokeAllOfUser(db: DbOrTx, userId: string, at: Date, keep?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.familyId, keep) : undefined,
      ),
    );
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedPerHandle, type DbOrTx } from '../../platform/db';
import { accountQuery } from '../accounts';
import { refreshTokens } from './auth.tables';

function prepareCaller(db: DbOrTx) {
  const liveFamily = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        // The family id comes from our own signed token, issued to this user: no need to
        // correlate with the user row, so the check runs once, not per joined row.
        eq(refreshTokens.familyId, sql.placeholder('family')),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql.placeholder('now')),
      ),
    );
  return accountQuery(db, { live: sql<boolean>`exists ${liveFamily}` }).prepare('caller');
}

// Runs on every authenticated call: prepared once per handle, planned once per connection.
const callerQuery = preparedPerHandle(prepareCaller);

/** The account behind an access token, and whether its sign-in (family) is still alive. */
export async function findCaller(db: DbOrTx, userId: string, family: string, now: Date) {
  const [row] = await callerQuery(db).execute({ user: userId, family, now });
  return row;
}

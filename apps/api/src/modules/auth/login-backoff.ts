import { AUTH_RULES } from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { deleteCounter, lockCounter, saveCounter } from './login-backoff.repository';

const { afterFailures, firstSeconds, maxSeconds, forgetMinutes } = AUTH_RULES.loginBackoff;

/** Seconds the n-th failure in a row locks sign-in for: 0 below the threshold, then doubling. */
export function backoffSeconds(failures: number): number {
  if (failures < afterFailures) return 0;
  return Math.min(maxSeconds, firstSeconds * 2 ** Math.min(failures - afterFailures, 30));
}

// Keyed on the normalized email as typed, whether or not it has an account: unknown emails are
// counted and refused alike, so the backoff tells nothing about who is registered.
const keyOf = (email: string) => `login:${email}`;

/**
 * Per-account protection of `POST auth/login` against guessing from many addresses (the
 * per-address limit cannot see it). Counters live in PostgreSQL, shared by every process.
 */
export class LoginBackoff {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /**
   * Counts a try before its password is checked, so parallel guesses cannot slip past the
   * threshold; LOGIN_BACKOFF (with the wait) while the account's sign-in is locked, uncounted.
   */
  async attempt(email: string): Promise<void> {
    const now = this.deps.clock.now();
    const key = keyOf(email);
    const lockedUntil = await this.deps.db.transaction(async (tx) => {
      const counter = await lockCounter(tx, key, now);
      if (counter.blockedUntil && counter.blockedUntil > now) return counter.blockedUntil;
      const hits = counter.expiresAt > now ? counter.hits + 1 : 1;
      const wait = backoffSeconds(hits) * 1000;
      const blockedUntil = wait > 0 ? new Date(now.getTime() + wait) : null;
      const expiresAt = new Date((blockedUntil ?? now).getTime() + forgetMinutes * 60_000);
      await saveCounter(tx, key, { hits, expiresAt, blockedUntil });
      return null;
    });
    if (lockedUntil) {
      const seconds = Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
      throw new AppError('LOGIN_BACKOFF', { minutes: Math.ceil(seconds / 60), seconds });
    }
  }

  /** The right password (or a password reset) proves the owner: the failures are forgotten. */
  forget(email: string, db: DbOrTx = this.deps.db): Promise<void> {
    return deleteCounter(db, keyOf(email));
  }
}

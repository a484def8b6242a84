import type { CallerLoader } from '../../platform/auth';
import type { Broadcast } from '../../platform/broadcast';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { permissionsOf, type Account } from '../accounts';
import { findCaller } from './caller.repository';

/**
 * The callers read in the last moment (decision 006). Under load the same sign-in calls many
 * times a second; keeping its row for `ttlMs` spares the database, and every completed write
 * (logout, deactivation, role change, profile edit…) clears the whole cache — in every API
 * process on the database, through the broadcast — so a change is seen by the next call after
 * it. Bounded: past `max` entries it starts over.
 */
export class CallerCache {
  private static readonly CHANNEL = 'callers_changed';
  private readonly entries = new Map<string, { until: number; account: Account | null }>();
  constructor(
    private readonly ttlMs: number,
    private readonly broadcast?: Broadcast,
    private readonly max = 10_000,
  ) {
    if (ttlMs > 0) broadcast?.subscribe(CallerCache.CHANNEL, () => this.clear());
  }

  get(key: string): Account | null | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > performance.now()) return entry.account;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, account: Account | null) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { until: performance.now() + this.ttlMs, account });
  }

  clear() {
    this.entries.clear();
  }

  /** After a completed write: here at once, in the other processes as soon as they hear it. */
  async invalidate(): Promise<void> {
    this.clear();
    if (this.ttlMs > 0) await this.broadcast?.publish(CallerCache.CHANNEL);
  }
}

/**
 * Who is calling, checked on every authenticated request: an inactive user, or a sign-in that
 * was logged out or revoked, no longer gets through, and permissions are the current ones.
 */
export function callerLoader(db: Db, clock: Clock, cache: CallerCache): CallerLoader {
  return async ({ userId, sessionFamily }, request) => {
    const key = `${userId}:${sessionFamily}`;
    let account = cache.get(key);
    if (account === undefined) {
      const row = await findCaller(db, userId, sessionFamily, clock.now());
      account = row && row.live && row.user.status === 'active' ? withoutLive(row) : null;
      cache.set(key, account);
    }
    if (!account) return null;
    // Kept for the handler: `GET me` answers from it without reading the account again.
    request.account = account;
    return {
      userId,
      sessionFamily,
      organizationId: account.user.organizationId,
      permissions: permissionsOf(account),
      isStaff: account.user.isStaff,
    };
  };
}

function withoutLive({ live: _live, ...account }: Account & { live: boolean }): Account {
  return account;
}

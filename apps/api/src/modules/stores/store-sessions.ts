import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { StoreApiError, type StoreAdapter, type StoreCredentials } from './store-adapter';
import type { StoreAdapters } from './store-adapters';
import type { CredentialsCipher } from '../../platform/credentials-cipher';
import * as repository from './stores.repository';
import type { StoreRow } from './stores.repository';

/** A token this close to its expiry is refreshed before use, so no call carries a dying one. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/**
 * A store's credentials, fresh. Refreshing is serialized per store across processes: Mercado
 * Libre's refresh tokens are single-use, so two processes refreshing with the same one would
 * leave the loser — and the store — without a valid pair.
 *
 * The refresh holds `pg_advisory_xact_lock` (keyed by the store) across the one HTTP call to the
 * platform: the exception to "no outside call inside a transaction", because the lock must cover
 * read → spend → write of the single-use token, and a lease that could expire mid-call would let
 * a second process spend the same token. It is bounded (one call, a few times a day per store)
 * and whoever waits on it then re-reads the pair the winner wrote instead of refreshing again.
 */
export class StoreSessions {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      cipher: CredentialsCipher;
      adapters: StoreAdapters;
    },
  ) {}

  seal(storeId: string, secret: StoreCredentials | string): string {
    return this.deps.cipher.seal(storeId, secret);
  }

  open(row: StoreRow): StoreCredentials {
    if (!row.credentials) throw new StoreApiError('auth', 'The store is disconnected');
    return this.deps.cipher.open<StoreCredentials>(row.id, row.credentials);
  }

  webhookSecretOf(row: StoreRow): string | null {
    return row.webhookSecret ? this.deps.cipher.open<string>(row.id, row.webhookSecret) : null;
  }

  /** The credentials to call the platform with now, refreshed first when they expire soon. */
  private async credentialsOf(row: StoreRow): Promise<StoreCredentials> {
    const adapter = this.deps.adapters[row.platform];
    if (!adapter.refresh || !this.expiring(row)) return this.open(row);
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`stores.refresh:${row.id}`}, 0))`,
      );
      const current = await repository.findById(tx, row.id);
      if (!current?.credentials) throw new StoreApiError('auth', 'The store is disconnected');
      // Another process refreshed while this one waited: its pair is the valid one.
      if (!this.expiring(current)) return this.open(current);
      const refreshed = await adapter.refresh!(this.open(current));
      if (!refreshed) return this.open(current);
      await repository.update(tx, row.id, {
        credentials: this.seal(row.id, refreshed.credentials),
        credentialsExpireAt: new Date(refreshed.expiresAt),
      });
      return refreshed.credentials;
    });
  }

  /**
   * Calls the store's platform with fresh credentials; a refusal of them (`auth`) marks the
   * store `auth_failed`, so its screen asks for re-authorization.
   */
  async call<T>(
    row: StoreRow,
    action: (adapter: StoreAdapter, credentials: StoreCredentials) => Promise<T>,
  ): Promise<T> {
    try {
      return await action(this.deps.adapters[row.platform], await this.credentialsOf(row));
    } catch (error) {
      if (error instanceof StoreApiError && error.kind === 'auth') {
        await repository.update(this.deps.db, row.id, { health: 'auth_failed' });
      }
      throw error;
    }
  }

  private expiring(row: StoreRow): boolean {
    const expiry = row.credentialsExpireAt;
    return (
      expiry !== null && expiry.getTime() - REFRESH_MARGIN_MS <= this.deps.clock.now().getTime()
    );
  }
}

import {
  API_KEY_ROTATION_GRACE_HOURS,
  type ApiKeyCreateData,
  type ApiKeySecret,
  type ApiKeysQuery,
  type ApiKeyStatus,
  type ApiKeyView,
  type PageMeta,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import * as repository from './api-keys.repository';
import { newApiKeySecret } from './api-keys.secret';

/** Who manages keys: a signed-in user of the organization. */
export interface KeyManager {
  userId: string;
  organizationId: string;
}

const MANAGER_ROLES = new Set(['owner', 'administrator']);

function statusOf(row: repository.ApiKeyRow, now: Date): ApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The organization's API keys (`development`). Only its owners and administrators manage them
 * (the system roles that hold every permission; a member granted `settings.my_company` does
 * not). A key belongs to the organization, not to the person who made it.
 */
export class ApiKeysService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      accounts: Pick<AccountsService, 'account' | 'userNames'>;
    },
  ) {}

  // Another organization's key is not found before anything else: the same 404 for anyone.
  private async authorize(manager: KeyManager, db: DbOrTx = this.deps.db) {
    const { role } = await this.deps.accounts.account(manager.userId, db);
    if (!role?.system || !MANAGER_ROLES.has(role.key)) throw new AppError('API_KEY_MANAGERS_ONLY');
  }

  private async views(rows: repository.ApiKeyRow[]): Promise<ApiKeyView[]> {
    const creators = rows.flatMap((row) => (row.createdBy ? [row.createdBy] : []));
    const names = await this.deps.accounts.userNames([...new Set(creators)]);
    const now = this.deps.clock.now();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      mode: row.mode,
      scopes: row.scopes,
      status: statusOf(row, now),
      expires_at: iso(row.expiresAt),
      allowed_ips: row.allowedIps,
      last_used_at: iso(row.lastUsedAt),
      last_used_ip: row.lastUsedIp,
      created_by: row.createdBy
        ? { id: row.createdBy, name: names.get(row.createdBy) ?? '' }
        : null,
      created_at: row.createdAt.toISOString(),
      revoked_at: iso(row.revokedAt),
      rotated_at: iso(row.rotatedAt),
      previous_secret_valid_until: iso(row.previousValidUntil),
    }));
  }

  private async view(organizationId: string, id: string, db: DbOrTx = this.deps.db) {
    const row = await repository.findApiKey(db, organizationId, id, this.deps.clock.now());
    if (!row) throw notFound();
    return (await this.views([row]))[0]!;
  }

  async list(
    manager: KeyManager,
    query: ApiKeysQuery,
  ): Promise<{ data: ApiKeyView[]; meta: PageMeta }> {
    await this.authorize(manager);
    const { rows, total } = await repository.findApiKeys(
      this.deps.db,
      manager.organizationId,
      query,
      this.deps.clock.now(),
    );
    return {
      data: await this.views(rows),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(manager: KeyManager, id: string): Promise<ApiKeyView> {
    const view = await this.view(manager.organizationId, id);
    await this.authorize(manager);
    return view;
  }

  async create(manager: KeyManager, input: ApiKeyCreateData): Promise<ApiKeySecret> {
    const now = this.deps.clock.now();
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt <= now) throw new AppError('API_KEY_EXPIRY_PAST');
    const { secret, hash, prefix } = newApiKeySecret(input.mode);
    const id = await this.deps.db.transaction(async (tx) => {
      await this.authorize(manager, tx);
      const keyId = await repository.insertApiKey(tx, {
        organizationId: manager.organizationId,
        name: input.name,
        mode: input.mode,
        scopes: input.scopes,
        expiresAt,
        allowedIps: input.allowed_ips,
        createdBy: manager.userId,
        createdAt: now,
      });
      await repository.insertSecret(tx, { hash, keyId, prefix, createdAt: now });
      return keyId;
    });
    return { key: await this.view(manager.organizationId, id), secret };
  }

  /**
   * A new secret for the key; the ones it had keep working for the grace period (never longer
   * than they already would), so the merchant's systems can switch without an outage.
   */
  async rotate(manager: KeyManager, id: string): Promise<ApiKeySecret> {
    const now = this.deps.clock.now();
    const secret = await this.deps.db.transaction(async (tx) => {
      const row = await repository.findApiKey(tx, manager.organizationId, id, now, true);
      if (!row) throw notFound();
      await this.authorize(manager, tx);
      if (row.revokedAt) throw new AppError('API_KEY_REVOKED');
      const graceEnd = new Date(now.getTime() + API_KEY_ROTATION_GRACE_HOURS * 3_600_000);
      await repository.retireSecrets(tx, id, graceEnd);
      const fresh = newApiKeySecret(row.mode);
      await repository.insertSecret(tx, {
        hash: fresh.hash,
        keyId: id,
        prefix: fresh.prefix,
        createdAt: now,
      });
      await repository.updateApiKey(tx, id, { rotatedAt: now });
      return fresh.secret;
    });
    return { key: await this.view(manager.organizationId, id), secret };
  }

  /** Revokes the key and all its secrets from the next call on; again, it changes nothing. */
  async revoke(manager: KeyManager, id: string): Promise<ApiKeyView> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const row = await repository.findApiKey(tx, manager.organizationId, id, now, true);
      if (!row) throw notFound();
      await this.authorize(manager, tx);
      if (!row.revokedAt) await repository.updateApiKey(tx, id, { revokedAt: now });
    });
    return this.view(manager.organizationId, id);
  }
}

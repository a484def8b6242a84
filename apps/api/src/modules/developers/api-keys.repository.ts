import type { ApiKeyMode, ApiKeyScope, ApiKeyStatus } from '@despacho/domain';
import {
  and,
  desc,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { apiKeyCalls, apiKeys, apiKeySecrets } from './api-keys.tables';

export type ApiKeyRow = typeof apiKeys.$inferSelect & {
  prefix: string;
  previousValidUntil: Date | null;
};

const apiKeysColumns = getTableColumns(apiKeys);

function statusFilter(status: ApiKeyStatus, now: Date): SQL {
  if (status === 'revoked') return isNotNull(apiKeys.revokedAt);
  const expired = and(isNotNull(apiKeys.expiresAt), lte(apiKeys.expiresAt, now))!;
  return status === 'expired'
    ? and(isNull(apiKeys.revokedAt), expired)!
    : and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)))!;
}

// The current secret's prefix, and the end of the replaced one's grace while it lasts.
const secretColumns = (now: Date) => ({
  prefix: sql<string>`(select s.prefix from ${apiKeySecrets} s
    where s.key_id = ${apiKeys.id} and s.valid_until is null)`,
  previousValidUntil: sql<Date | null>`(select max(s.valid_until) from ${apiKeySecrets} s
    where s.key_id = ${apiKeys.id} and s.valid_until > ${now})`.mapWith((value: string | null) =>
    value === null ? null : new Date(value),
  ),
});

/** One page of the organization's keys, the newest first. */
export async function findApiKeys(
  db: DbOrTx,
  organizationId: string,
  query: { page: number; pageSize: number; status?: ApiKeyStatus | undefined },
  now: Date,
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const where = and(
    eq(apiKeys.organizationId, organizationId),
    query.status ? statusFilter(query.status, now) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({ ...apiKeysColumns, ...secretColumns(now) })
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(apiKeys, where),
  ]);
  return { rows, total };
}

export async function findApiKey(
  db: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
  lock = false,
): Promise<ApiKeyRow | undefined> {
  const query = db
    .select({ ...apiKeysColumns, ...secretColumns(now) })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)));
  const [row] = await (lock ? query.for('update', { of: apiKeys }) : query);
  return row;
}

export async function insertApiKey(
  tx: DbOrTx,
  values: typeof apiKeys.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row!.id;
}

export async function insertSecret(tx: DbOrTx, values: typeof apiKeySecrets.$inferInsert) {
  await tx.insert(apiKeySecrets).values(values);
}

/** Ends the grace of the key's secrets at `until` (never lengthening one already shorter). */
export async function retireSecrets(tx: DbOrTx, keyId: string, until: Date) {
  await tx
    .update(apiKeySecrets)
    .set({ validUntil: sql`least(coalesce(${apiKeySecrets.validUntil}, ${until}), ${until})` })
    .where(eq(apiKeySecrets.keyId, keyId));
}

export async function updateApiKey(
  tx: DbOrTx,
  id: string,
  changes: Partial<Pick<typeof apiKeys.$inferInsert, 'revokedAt' | 'rotatedAt'>>,
) {
  await tx.update(apiKeys).set(changes).where(eq(apiKeys.id, id));
}

export async function insertKeyCall(db: DbOrTx, values: typeof apiKeyCalls.$inferInsert) {
  await db.insert(apiKeyCalls).values(values);
}

export async function deleteKeyCallsBefore(db: DbOrTx, before: Date) {
  await db.delete(apiKeyCalls).where(lt(apiKeyCalls.at, before));
}

export interface KeyCaller {
  id: string;
  organizationId: string;
  mode: ApiKeyMode;
  scopes: ApiKeyScope[];
  createdBy: string | null;
  ipAllowed: boolean;
}

/**
 * The live key behind a secret's hash, in one statement: found only while the secret, its key's
 * expiry and its revocation allow (nothing cached, so a revocation holds from the next call),
 * whether the caller's address is on the allow-list, and — when it is — the last use written,
 * at most once a minute so a busy key does not rewrite its row on every call.
 */
export async function authenticateKey(
  db: DbOrTx,
  hash: string,
  ip: string,
  now: Date,
): Promise<KeyCaller | undefined> {
  const { rows } = await db.execute<{
    id: string;
    organization_id: string;
    mode: ApiKeyMode;
    scopes: ApiKeyScope[];
    created_by: string | null;
    ip_allowed: boolean;
  }>(sql`with k as (
      select k.id, k.organization_id, k.mode, k.scopes, k.created_by,
        (cardinality(k.allowed_ips) = 0 or ${ip}::inet <<= any(k.allowed_ips)) as ip_allowed
      from ${apiKeySecrets} s join ${apiKeys} k on k.id = s.key_id
      where s.hash = ${hash} and (s.valid_until is null or s.valid_until > ${now})
        and k.revoked_at is null and (k.expires_at is null or k.expires_at > ${now})
    ), touched as (
      update ${apiKeys} set last_used_at = ${now}, last_used_ip = ${ip}
      from k where ${apiKeys.id} = k.id and k.ip_allowed
        and (${apiKeys.lastUsedAt} is null
          or ${apiKeys.lastUsedAt} <= ${now}::timestamptz - interval '1 minute')
    )
    select * from k`);
  const row = rows[0];
  return (
    row && {
      id: row.id,
      organizationId: row.organization_id,
      mode: row.mode,
      scopes: row.scopes,
      createdBy: row.created_by,
      ipAllowed: row.ip_allowed,
    }
  );
}

import { parseApiKey } from '@despacho/domain';
import type { ApiKeyLoader } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashOpaqueToken } from '../../platform/opaque-tokens';
import { countHit } from '../../platform/rate-limit-store';
import { authenticateKey } from './api-keys.repository';

const WINDOW_MS = 60_000;
const READS = new Set(['GET', 'HEAD']);

/** `::ffff:203.0.113.7` (IPv4 on a dual-stack socket) is the IPv4 address the allow-list names. */
export function clientIp(ip: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
}

/**
 * How a request carrying an API key is let in: the shape and checksum first (a made-up or
 * mistyped key costs no query), then the key behind the secret's hash, its allow-list, and its
 * own rate limit, counted in the platform's shared counters and told in `RateLimit-*` headers.
 * The key's scopes become the caller's permissions for this method: `read` ones open only GET.
 * From here on every log line of the request names the key; the secret is never logged.
 */
export function apiKeyLoader(deps: { db: Db; clock: Clock; limit: number }): ApiKeyLoader {
  return async (token, request, reply) => {
    if (!parseApiKey(token)) throw new AppError('API_KEY_INVALID');
    const ip = clientIp(request.ip);
    const key = await authenticateKey(deps.db, hashOpaqueToken(token), ip, deps.clock.now());
    if (!key?.createdBy) throw new AppError('API_KEY_INVALID');
    if (!key.ipAllowed) throw new AppError('API_KEY_IP_NOT_ALLOWED');
    request.log = reply.log = request.log.child({ apiKeyId: key.id });
    const { hits, ttlMs } = await countHit(deps.db, deps.clock, `api-key ${key.id}`, WINDOW_MS);
    const reset = Math.max(1, Math.ceil(ttlMs / 1000));
    void reply.headers({
      'ratelimit-limit': deps.limit,
      'ratelimit-remaining': Math.max(0, deps.limit - hits),
      'ratelimit-reset': reset,
    });
    if (hits > deps.limit) throw new AppError('RATE_LIMITED', { seconds: reset });
    const reads = READS.has(request.method);
    return {
      userId: key.createdBy,
      organizationId: key.organizationId,
      permissions: key.scopes
        .filter((scope) => reads || scope.access === 'write')
        .map((scope) => scope.permission),
      isStaff: false,
      sessionFamily: '',
      apiKey: { id: key.id, mode: key.mode },
    };
  };
}

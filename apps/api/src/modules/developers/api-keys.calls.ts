import type { ApiKeyCallRecorder } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { JobHandler } from '../../platform/jobs';
import { clientIp } from './api-keys.authenticate';
import { deleteKeyCallsBefore, insertKeyCall } from './api-keys.repository';

/** How long the record of each call made with a key is kept. */
export const API_KEY_CALLS_KEPT_DAYS = 90;
export const PRUNE_KEY_CALLS_JOB = 'developers.prune_api_key_calls';
export const PRUNE_KEY_CALLS_CRON = '23 3 * * *';

/** Writes each answered call of a key (`api_key_calls`) before the answer leaves. */
export function apiKeyCallRecorder(deps: { db: Db; clock: Clock }): ApiKeyCallRecorder {
  return async (request, reply) => {
    const { apiKey, organizationId } = request.auth!;
    await insertKeyCall(deps.db, {
      organizationId: organizationId!,
      keyId: apiKey!.id,
      at: deps.clock.now(),
      method: request.method,
      route: request.routeOptions.url ?? '',
      status: reply.statusCode,
      ip: clientIp(request.ip),
    });
  };
}

/** Forgets calls older than the retention, nightly. */
export const pruneApiKeyCalls =
  (clock: Clock): JobHandler =>
  async (db) => {
    await deleteKeyCallsBefore(
      db,
      new Date(clock.now().getTime() - API_KEY_CALLS_KEPT_DAYS * 86_400_000),
    );
  };

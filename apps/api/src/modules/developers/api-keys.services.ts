import type { AccountsService } from '../accounts';
import type { Platform } from '../services';
import { apiKeyLoader } from './api-keys.authenticate';
import {
  apiKeyCallRecorder,
  PRUNE_KEY_CALLS_CRON,
  PRUNE_KEY_CALLS_JOB,
  pruneApiKeyCalls,
} from './api-keys.calls';
import { ApiKeysService } from './api-keys.service';

/** The organization's API keys, and the guards told how to let a key in. */
export const buildApiKeys = (deps: Platform & { accounts: AccountsService }) => {
  const { db, clock, config, guards } = deps;
  guards.acceptApiKeys(
    apiKeyLoader({ db, clock, limit: config.API_KEY_RATE_LIMIT }),
    apiKeyCallRecorder({ db, clock }),
  );
  deps.jobs.register(PRUNE_KEY_CALLS_JOB, pruneApiKeyCalls(clock), { cron: PRUNE_KEY_CALLS_CRON });
  return { apiKeys: new ApiKeysService(deps) };
};

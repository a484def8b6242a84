import { modeGuarded } from '../../platform/request-mode';
import type { Platform } from '../services';
import type { PostalCodesService } from '../catalogs';
import { CarrierAccounts } from './carrier-accounts.service';
import { carrierAdapters, type CarrierAdapters } from './carrier-adapters';
import { CarriersService } from './carriers.service';

/** The set as it is when every carrier is a sandbox (as in this build), else each one guarded. */
function guardAll(adapters: CarrierAdapters): CarrierAdapters {
  if (Object.values(adapters).every((adapter) => adapter.sandbox)) return adapters;
  const entries = Object.entries(adapters).map(([key, adapter]) => [
    key,
    modeGuarded(adapter, adapter.sandbox),
  ]);
  return Object.fromEntries(entries) as CarrierAdapters;
}

/**
 * The carriers: one set of adapters per app (so the sandboxes' memory and the extended-zone
 * cache are shared), unless the caller passes its own, and the merchant's carrier settings.
 */
export const buildCarriers = (
  deps: Platform & { postalCodes: PostalCodesService },
  override: CarrierAdapters | undefined,
) => {
  const accounts = new CarrierAccounts({ ...deps, cipher: deps.credentials });
  return {
    // A live carrier refuses a test-mode (`dsp_test_` key) call; the sandboxes take any.
    carrierAdapters: guardAll(
      override ??
        carrierAdapters({ ...deps, live: { providerCalls: deps.providerCalls, accounts } }),
    ),
    carrierAccounts: accounts,
    carriers: new CarriersService(deps),
  };
};

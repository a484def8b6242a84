import type { Platform } from '../services';
import type { PostalCodesService } from '../catalogs';
import { carrierAdapters, type CarrierAdapters } from './carrier-adapters';
import { CarriersService } from './carriers.service';

/**
 * The carriers: one set of adapters per app (so the sandboxes' memory and the extended-zone
 * cache are shared), unless the caller passes its own, and the merchant's carrier settings.
 */
export const buildCarriers = (
  deps: Platform & { postalCodes: PostalCodesService },
  override: CarrierAdapters | undefined,
) => ({
  carrierAdapters: override ?? carrierAdapters(deps),
  carriers: new CarriersService(deps),
});

import type { NotificationsService } from '../notifications';
import type { Platform } from '../services';
import { storeAdapters, type StoreAdapters } from './store-adapters';
import { StoreSessions } from './store-sessions';
import { StoreDeliveries } from './store-deliveries';
import { registerStoreJobs, StoreSync } from './store-sync';
import { StoresService } from './stores.service';

/**
 * Online stores (issue 22): their connections, the webhooks and jobs that sync their orders
 * into the sink the orders module hands over, and the online-store notices' audience (only
 * organizations with a store that must be re-authorized see them). `adapters` replaces the
 * platforms' adapters (tests). The encryption key is read on first use; the app checks it at
 * start (`stores.routes.ts`).
 */
export function buildStores(
  deps: Pick<Platform, 'config' | 'db' | 'clock' | 'log' | 'jobs' | 'files' | 'credentials'> & {
    notifications: NotificationsService;
  },
  adapters: StoreAdapters = storeAdapters(deps),
) {
  const sessions = new StoreSessions({ ...deps, cipher: deps.credentials, adapters });
  const stores = new StoresService({ ...deps, adapters, sessions });
  const storeDeliveries = new StoreDeliveries({ ...deps, adapters, sessions, stores });
  const storeSync = new StoreSync({
    ...deps,
    adapters,
    sessions,
    stores,
    deliveries: storeDeliveries,
  });
  registerStoreJobs(deps.jobs, storeDeliveries, storeSync);
  deps.notifications.answerAudience('online_store', (organizationId) =>
    stores.hasStoreNeedingReapproval(organizationId),
  );
  return { stores, storeDeliveries, storeSync };
}

import { moduleOf } from '../module-routes';
import { storeWebhooksRoutes } from './store-webhooks.routes';
import { storesRoutes } from './stores.routes';

/** Stores: the merchant's screen and the platforms' webhooks. */
export const storesModule = moduleOf(storesRoutes, storeWebhooksRoutes);

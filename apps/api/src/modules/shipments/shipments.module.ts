import { moduleOf } from '../module-routes';
import { quotesRoutes } from './quotes.routes';
import { shipmentsRoutes } from './shipments.routes';
import { trackingRoutes } from './tracking.routes';
import { pickupsRoutes } from './pickups.routes';

/** Every route of the shipments domain, as `modules/index.ts` registers it. */
export const shipmentsModule = moduleOf(
  quotesRoutes,
  shipmentsRoutes,
  trackingRoutes,
  pickupsRoutes,
);

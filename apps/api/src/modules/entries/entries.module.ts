import { moduleOf } from '../module-routes';
import { entriesRoutes, staffReceivingRoutes } from './entries.routes';

/** Every route of the entries domain, as `modules/index.ts` registers it. */
export const entriesModule = moduleOf(entriesRoutes, staffReceivingRoutes);

import { moduleOf } from '../module-routes';
import { exitsRoutes, staffExitsRoutes } from './exits.routes';

/** Every route of the exits domain, as `modules/index.ts` registers it. */
export const exitsModule = moduleOf(exitsRoutes, staffExitsRoutes);

import { moduleOf } from '../module-routes';
import { internationalRoutes, staffInternationalRoutes } from './international.routes';

/** International courier shipments (T1): the merchant's and the staff console's routes. */
export const internationalModule = moduleOf(internationalRoutes, staffInternationalRoutes);

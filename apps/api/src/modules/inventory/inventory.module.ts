import { moduleOf } from '../module-routes';
import { inventoryRoutes, staffWarehousesRoutes } from './inventory.routes';

/** Every route of the inventory domain, as `modules/index.ts` registers it. */
export const inventoryModule = moduleOf(inventoryRoutes, staffWarehousesRoutes);

import type { Core } from '../services';
import { LocationsService } from './locations.service';

/** The merchant's own addresses (origins, stock-keeping locations). */
export const buildAddresses = (deps: Core) => ({ locations: new LocationsService(deps) });

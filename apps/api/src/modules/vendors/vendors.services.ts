import type { Core } from '../services';
import { VendorsService } from './vendors.service';

/** The merchant's vendors (the catalogue's suppliers). */
export const buildVendors = (deps: Core) => ({ vendors: new VendorsService(deps) });

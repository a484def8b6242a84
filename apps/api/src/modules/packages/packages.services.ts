import type { AccountDetailsService } from '../accounts';
import type { SatProductsService } from '../catalogs';
import type { Core } from '../services';
import { PackagesService } from './packages.service';

/** The merchant's saved packages. */
export const buildPackages = (
  deps: Core & { satProducts: SatProductsService; accountDetails: AccountDetailsService },
) => ({ packages: new PackagesService(deps) });

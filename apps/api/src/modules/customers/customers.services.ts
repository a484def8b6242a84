import type { Core } from '../services';
import { CustomersService } from './customers.service';

/** The address book of the merchant's customers. */
export const buildCustomers = (deps: Core) => ({ customers: new CustomersService(deps) });

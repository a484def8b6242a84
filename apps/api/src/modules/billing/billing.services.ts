import type { AccountDetailsService, AccountsService } from '../accounts';
import type { Platform } from '../services';
import { BillingService } from './billing.service';

/** CFDI invoices of the merchant's deposits. */
export const buildBilling = (
  deps: Platform & { accounts: AccountsService; accountDetails: AccountDetailsService },
) => ({ billing: new BillingService(deps) });

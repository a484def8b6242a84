import type { AccountsService } from '../accounts';
import type { BillingService } from '../billing';
import type { TariffFractionsService } from '../catalogs';
import type { NotificationsService } from '../notifications';
import type { ProductsService } from '../products';
import type { Platform } from '../services';
import type { LedgerService } from '../wallet';
import { EmbarquesService } from './embarques.service';
import { StaffEmbarquesService } from './staff-embarques.service';

/** Embarques: the merchant's side and the staff console, over one ledger and one billing. */
export function buildEmbarques(
  deps: Platform & {
    accounts: AccountsService;
    billing: BillingService;
    ledger: LedgerService;
    products: ProductsService;
    tariffFractions: TariffFractionsService;
    notifications: NotificationsService;
  },
) {
  return {
    embarques: new EmbarquesService(deps),
    staffEmbarques: new StaffEmbarquesService(deps),
  };
}

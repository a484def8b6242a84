import type { AccountsService } from '../accounts';
import type { TariffFractionsService } from '../catalogs';
import type { NotificationsService } from '../notifications';
import type { ProductsService } from '../products';
import type { Platform } from '../services';
import type { LedgerService } from '../wallet';
import { ClassificationService } from './classification.service';
import { StaffClassificationService } from './staff-classification.service';

/** Tariff classification: the merchant's requests and the staff console. */
export function buildClassification(
  deps: Platform & {
    accounts: AccountsService;
    ledger: LedgerService;
    products: ProductsService;
    tariffFractions: TariffFractionsService;
    notifications: NotificationsService;
  },
) {
  return {
    classification: new ClassificationService(deps),
    staffClassification: new StaffClassificationService(deps),
  };
}

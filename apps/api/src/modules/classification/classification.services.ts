import type { AccountsService } from '../accounts';
import type { TariffFractionsService } from '../catalogs';
import type { NotificationsService } from '../notifications';
import type { ProductMedia, ProductsService } from '../products';
import type { Platform } from '../services';
import type { LedgerService } from '../wallet';
import { ClassificationService } from './classification.service';
import { StaffClassificationService } from './staff-classification.service';

const RETIRED_CODES_JOB = 'classification.retired_codes';
/** 00:20 in Mexico City, once the day's vigencias have changed. */
const RETIRED_CODES_CRON = '20 6 * * *';

/** Tariff classification: the merchant's requests and the staff console. */
export function buildClassification(
  deps: Platform & {
    accounts: AccountsService;
    ledger: LedgerService;
    products: ProductsService;
    productMedia: ProductMedia;
    tariffFractions: TariffFractionsService;
    notifications: NotificationsService;
  },
) {
  const classification = new ClassificationService(deps);
  // A code the catalogue retires sends its products back to review: after each import, and
  // daily for codes whose vigencia ends on a date.
  deps.tariffFractions.onImported(async () => {
    await classification.reviewRetiredCodes();
  });
  deps.jobs.register(
    RETIRED_CODES_JOB,
    async (tx) => {
      await classification.reviewRetiredCodes(tx);
    },
    { cron: RETIRED_CODES_CRON },
  );
  return {
    classification,
    staffClassification: new StaffClassificationService(deps),
  };
}

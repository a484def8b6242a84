import type { AccountsService } from '../accounts';
import type { LocationsService } from '../addresses';
import type { TariffFractionsService } from '../catalogs';
import type { NotificationsService } from '../notifications';
import type { ProductsService } from '../products';
import type { Platform } from '../services';
import type {
  CancellationService,
  PurchaseService,
  QuotesService,
  ShipmentsService,
} from '../shipments';
import { CUSTOMS_SANDBOX_JOB, CustomsService } from './customs.service';
import { InternationalService } from './international.service';
import { InternationalRatesService } from './rates.service';

/** International courier shipments (T1): the merchant's, the staff tables and customs. */
export function buildInternational(
  deps: Platform & {
    accounts: AccountsService;
    locations: LocationsService;
    products: ProductsService;
    tariffFractions: TariffFractionsService;
    notifications: NotificationsService;
    quotes: QuotesService;
    purchases: PurchaseService;
    shipments: ShipmentsService;
    cancellation: CancellationService;
  },
) {
  const internationalRates = new InternationalRatesService(deps);
  const customs = new CustomsService(deps);
  deps.jobs.register(CUSTOMS_SANDBOX_JOB, customs.sandboxJob, customs.sandboxJobOptions);
  return {
    internationalRates,
    customs,
    international: new InternationalService({ ...deps, rates: internationalRates, customs }),
  };
}

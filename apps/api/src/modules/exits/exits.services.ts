import type { AccountsService } from '../accounts';
import type { LocationsService } from '../addresses';
import type { CustomersService } from '../customers';
import type { InventoryService, StockLedger, WarehousesService } from '../inventory';
import type { NotificationsService } from '../notifications';
import type { PackagesService } from '../packages';
import type { ProductVariantsService } from '../products';
import type { Platform } from '../services';
import type { CancellationService, PurchaseService, QuotesService } from '../shipments';
import { DispatchService } from './dispatch.service';
import { ExitsService } from './exits.service';
import { ExitViews } from './exits.view';

/** Goods out of a warehouse: the merchant's exits and staff's dispatch with a guide. */
export function buildExits(
  deps: Platform & {
    stock: StockLedger;
    inventory: InventoryService;
    warehouses: WarehousesService;
    accounts: AccountsService;
    customers: CustomersService;
    locations: LocationsService;
    productVariants: ProductVariantsService;
    packages: PackagesService;
    quotes: QuotesService;
    purchases: PurchaseService;
    cancellation: CancellationService;
    notifications: NotificationsService;
  },
) {
  const views = new ExitViews(deps);
  const exits = new ExitsService({ ...deps, views });
  const dispatch = new DispatchService({ ...deps, views, purchase: deps.purchases });
  // A shipped exit follows its guide's cancellation (decision 028).
  deps.cancellation.onGuideCancelled(dispatch.guideCancelled);
  // The movement history names an exit's stock moves by its number.
  deps.inventory.labelCauses(['exit'], (org, ids) => exits.numbersOf(org, ids));
  return { exits, dispatch };
}

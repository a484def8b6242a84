import type { AccountsService } from '../accounts';
import type { InventoryService, StockLedger, WarehousesService } from '../inventory';
import type { NotificationsService } from '../notifications';
import type { ProductVariantsService } from '../products';
import type { Platform } from '../services';
import { EntriesService } from './entries.service';
import { ENTRY_PHOTOS_CRON, ENTRY_PHOTOS_JOB, ReceivingService } from './receiving.service';

/** Goods into a warehouse: the merchant's entries and staff's receiving. */
export function buildEntries(
  deps: Platform & {
    stock: StockLedger;
    inventory: InventoryService;
    warehouses: WarehousesService;
    productVariants: ProductVariantsService;
    accounts: AccountsService;
    notifications: NotificationsService;
  },
) {
  const entries = new EntriesService(deps);
  const receiving = new ReceivingService(deps);
  deps.jobs.register(ENTRY_PHOTOS_JOB, receiving.removeStalePhotos, { cron: ENTRY_PHOTOS_CRON });
  // The movement history names what moved stock by the entry's number.
  deps.inventory.labelCauses(['entry'], (org, ids) => entries.numbersOf(org, ids));
  return { entries, receiving };
}

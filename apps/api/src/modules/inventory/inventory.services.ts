import type { AccountsService } from '../accounts';
import type { LocationsService } from '../addresses';
import type { ProductsService, ProductVariantsService } from '../products';
import type { Platform } from '../services';
import { InventoryService } from './inventory.service';
import { StockLedger } from './stock-ledger';
import { WarehousesService } from './warehouses.service';

/**
 * Stock: one ledger, the only path that changes stock (issue 15), the merchant's inventory and
 * the platform's warehouses. Inventory depends on product variants, never on the products
 * service: the products list's stock column is handed over here.
 */
export function buildInventory(
  deps: Platform & {
    locations: LocationsService;
    accounts: AccountsService;
    productVariants: ProductVariantsService;
    products: ProductsService;
  },
) {
  const stock = new StockLedger(deps);
  const inventory = new InventoryService({ ...deps, stock });
  deps.products.showStockFrom(inventory);
  return { stock, inventory, warehouses: new WarehousesService({ ...deps, inventory }) };
}

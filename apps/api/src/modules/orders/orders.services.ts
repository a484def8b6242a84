import type { LocationsService } from '../addresses';
import type { PostalCodesService } from '../catalogs';
import type { CustomersService } from '../customers';
import type { InventoryService, StockLedger } from '../inventory';
import type { PackagesService } from '../packages';
import type { ProductVariantsService } from '../products';
import type { Platform } from '../services';
import type {
  CancellationService,
  PurchaseService,
  QuotesService,
  ShipmentsService,
} from '../shipments';
import type { LedgerService } from '../wallet';
import { BulkLabelsService } from './bulk-labels.service';
import { FulfilmentService } from './fulfilment.service';
import { ORDER_CAUSE } from './orders.stock';
import { OrdersService } from './orders.service';
import { OrderSync } from './orders.sync';
import type { StoresForOrders } from './orders.stores';

/**
 * Orders (issue 22): synced from the stores module when it is built (`stores`, optional: manual
 * orders work without it), typed by hand, fulfilled with guides and labelled in bulk.
 */
export function buildOrders(
  deps: Platform & {
    stock: StockLedger;
    inventory: InventoryService;
    productVariants: ProductVariantsService;
    customers: CustomersService;
    postalCodes: PostalCodesService;
    locations: LocationsService;
    packages: PackagesService;
    quotes: QuotesService;
    purchases: PurchaseService;
    shipments: ShipmentsService;
    ledger: LedgerService;
    cancellation: CancellationService;
  },
  stores?: StoresForOrders,
) {
  const orders = new OrdersService({ ...deps, stores });
  const fulfilment = new FulfilmentService({ ...deps, stores, orders, purchase: deps.purchases });
  const bulkLabels = new BulkLabelsService({ ...deps, fulfilment, orders });
  // A fulfilment follows its guide's cancellation (decision 028).
  deps.cancellation.onGuideCancelled(fulfilment.guideCancelled);
  // Synced orders arrive here; the movement history names an order's moves by its number.
  stores?.deliverOrdersTo(new OrderSync({ ...deps, orders }));
  deps.inventory.labelCauses([ORDER_CAUSE], (org, ids) => orders.numbersOf(org, ids));
  return { orders, fulfilment, bulkLabels };
}

import type { AccountDetailsService } from '../accounts';
import type { LocationsService } from '../addresses';
import type { CarrierAdapters, CarriersService } from '../carriers';
import type { SatProductsService, SatUnitsService } from '../catalogs';
import type { CustomersService } from '../customers';
import type { InventoryService, StockLedger } from '../inventory';
import type { NotificationsService } from '../notifications';
import type { PackagesService } from '../packages';
import type { ProductVariantsService } from '../products';
import type { Platform } from '../services';
import type { LedgerService } from '../wallet';
import { CancellationService, CONFIRM_CANCELLATION_JOB } from './cancellation.service';
import { CANCEL_PICKUP_JOB, PickupsService } from './pickups.service';
import { PurchaseChecksService } from './purchase-checks.service';
import { PurchaseService } from './purchase.service';
import { QuotesService } from './quotes.service';
import { ShipmentsService } from './shipments.service';
import { TRACKING_POLL_CRON, TRACKING_POLL_JOB, TrackingPoll } from './tracking.poll';
import { SANDBOX_EVENT_JOB, TrackingService } from './tracking.service';

/** Shipping: quotes, the guide's purchase, tracking, pickups and cancellations. */
export function buildShipments(
  deps: Platform & {
    carrierAdapters: CarrierAdapters;
    carriers: CarriersService;
    accountDetails: AccountDetailsService;
    packages: PackagesService;
    locations: LocationsService;
    customers: CustomersService;
    satProducts: SatProductsService;
    satUnits: SatUnitsService;
    productVariants: ProductVariantsService;
    stock: StockLedger;
    inventory: InventoryService;
    ledger: LedgerService;
    notifications: NotificationsService;
  },
) {
  const adapters = deps.carrierAdapters;
  const tracking = new TrackingService(deps);
  const quotes = new QuotesService({ ...deps, adapters });
  const pickups = new PickupsService({ ...deps, adapters });
  const cancellation = new CancellationService({ ...deps, adapters, tracking, pickups });
  const shipments = new ShipmentsService(deps);
  const purchaseChecks = new PurchaseChecksService({ ...deps, quotes });
  const purchases = new PurchaseService({
    ...deps,
    carriers: adapters,
    checks: purchaseChecks,
    quotes,
    tracking,
    pickups,
    shipments,
  });
  deps.jobs.register(SANDBOX_EVENT_JOB, tracking.sandboxEventJob);
  const trackingPoll = new TrackingPoll({ ...deps, adapters, tracking });
  deps.jobs.register(TRACKING_POLL_JOB, trackingPoll.job, {
    cron: TRACKING_POLL_CRON,
    transaction: false,
  });
  deps.jobs.register(CONFIRM_CANCELLATION_JOB, cancellation.confirmJob);
  deps.jobs.register(CANCEL_PICKUP_JOB, pickups.cancelWithCarrierJob, { transaction: false });
  // The movement history names a guide's stock moves by its tracking number.
  deps.inventory.labelCauses(['shipment', 'shipment_cancellation'], (org, ids) =>
    shipments.trackingNumbersOf(org, ids),
  );
  return {
    tracking,
    trackingPoll,
    quotes,
    pickups,
    cancellation,
    shipments,
    purchaseChecks,
    purchases,
  };
}

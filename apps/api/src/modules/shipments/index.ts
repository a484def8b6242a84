// The shipments module's public surface (ARCHITECTURE §2): what other modules may import.
export type { CancellationService } from './cancellation.service';
export type { PickupsService } from './pickups.service';
export type { PurchaseChecksService, PurchaseData } from './purchase-checks.service';
export type { PurchaseService } from './purchase.service';
export type { QuotesService } from './quotes.service';
export type { ShipmentsService } from './shipments.service';
export type { TrackingService } from './tracking.service';
export type { StoredCustoms } from './shipments.tables';

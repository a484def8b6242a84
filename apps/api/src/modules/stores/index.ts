// The stores module's public surface: what other modules may import.
export type {
  ExternalOrder,
  ExternalOrderLine,
  ExternalAddress,
  FulfilmentPush,
} from './store-adapter';
export { StoreApiError } from './store-adapter';
export type { StoresService } from './stores.service';
export type { StoreCustomerRef, StoreOrderSink, StoreRef } from './store-order-sink';
// The AES-256-GCM sealing of credentials at rest, which carriers' own accounts use too.

import type { StorePlatform } from '@despacho/domain';
import type { ExternalOrder } from './store-adapter';

/** A connected store as the orders it syncs name it. */
export interface StoreRef {
  id: string;
  organizationId: string;
  platform: StorePlatform;
  name: string;
}

/** The customer a platform's compliance request is about (Shopify's customers/* topics). */
export interface StoreCustomerRef {
  email: string | null;
  phone: string | null;
  /** The store's ids of the customer's orders the platform names. */
  orderExternalIds: string[];
}

/**
 * Where synced orders go. The stores module fetches and verifies; the orders module (built
 * after it) hands this over with `stores.deliverOrdersTo(sink)` (adding-a-domain §4: a later
 * domain hands over, the earlier one never reaches forward) and owns every order table.
 */
export interface StoreOrderSink {
  /**
   * Upserts the order by (store, external id) to the platform's state, unless what we hold is
   * newer (`updatedAt`); a cancellation releases its stock. Idempotent: the same state twice
   * changes nothing.
   */
  applyExternalOrder(
    store: StoreRef,
    order: ExternalOrder,
  ): Promise<'created' | 'updated' | 'unchanged' | 'stale'>;
  /** Everything held about the customer from this store, for the merchant to hand over. */
  exportCustomerData(store: StoreRef, customer: StoreCustomerRef): Promise<Record<string, unknown>>;
  /** Erases the customer's personal data from this store's orders; answers how many orders. */
  redactCustomer(store: StoreRef, customer: StoreCustomerRef): Promise<number>;
  /** Erases the personal data of every order of the store (the shop was uninstalled 48 h ago). */
  redactStore(store: StoreRef): Promise<number>;
  /** How many orders each of the organization's stores synced (the stores screen's count). */
  countOrders?(organizationId: string, storeIds: string[]): Promise<Record<string, number>>;
}

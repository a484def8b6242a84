import type { StorePlatform } from '@despacho/domain';
import type { FulfilmentPush, StoreOrderSink } from '../stores';

/**
 * What the orders module needs of the stores module (built apart, issue 22). After the merge
 * the stores service satisfies it (`Pick<StoresService, …>`); without it orders still work for
 * manual orders and sync has no source.
 */
export interface StoresForOrders {
  /** The stores module hands each synced order to the sink (adding-a-domain §4). */
  deliverOrdersTo(sink: StoreOrderSink): void;
  /** Calls the platform: never inside a transaction. */
  pushFulfilment(
    organizationId: string,
    storeId: string,
    push: FulfilmentPush,
  ): Promise<{ externalId: string }>;
  /** Calls the platform; throws StoreApiError `refused` where it does not allow it. */
  cancelAtStore(
    organizationId: string,
    storeId: string,
    externalId: string,
    reason: string,
  ): Promise<void>;
  /** NOT_FOUND for another organization's store. */
  get(
    organizationId: string,
    storeId: string,
  ): Promise<{ id: string; name: string; platform: StorePlatform }>;
}

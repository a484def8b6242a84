import {
  ordersContract,
  type OrderCreateInput,
  type OrderDetail,
  type OrderFulfillInput,
  type OrderQuoteInput,
  type OrderShippingAddressInput,
} from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { ordersKeys } from './api';
import { unwrap } from '../../lib/http';

/** The keys of the detail, the wizard and the fulfilment screens (the list keeps its own). */

/** One order's calls (`orders/{id}`, `orders/create`, fulfilment), unwrapped from `{ data }`. */
export const orderApi = {
  get: (id: string) => unwrap(call(ordersContract.get, { params: { id } })),
  create: (body: OrderCreateInput, idempotencyKey: string) =>
    unwrap(call(ordersContract.create, { body, idempotencyKey })),
  updateAddress: (id: string, shipping_address: OrderShippingAddressInput) =>
    unwrap(call(ordersContract.updateAddress, { params: { id }, body: { shipping_address } })),
  setTags: (id: string, tags: string[]) =>
    unwrap(call(ordersContract.setTags, { params: { id }, body: { tags } })),
  linkLine: (id: string, lineId: string, variantId: string) =>
    unwrap(
      call(ordersContract.linkLine, { params: { id, lineId }, body: { variant_id: variantId } }),
    ),
  cancel: (id: string, body: { at_store: boolean; reason?: string }) =>
    unwrap(call(ordersContract.cancel, { params: { id }, body })),
  quote: (id: string, body: OrderQuoteInput) =>
    unwrap(call(ordersContract.quote, { params: { id }, body })),
  fulfill: (id: string, body: OrderFulfillInput, idempotencyKey: string) =>
    unwrap(call(ordersContract.fulfill, { params: { id }, body, idempotencyKey })),
  retryPush: (id: string, fulfillmentId: string) =>
    unwrap(call(ordersContract.retryPush, { params: { id, fulfillmentId } })),
};

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: ordersKeys.get({ params: { id: id ?? '' } }),
    queryFn: () => orderApi.get(id!),
    enabled: Boolean(id),
  });
}

/** A change to one order: its answer is the order as it now stands, shown at once. */
export function useOrderChange<A>(id: string, change: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (order) => {
      if (isOrder(order)) queryClient.setQueryData(ordersKeys.get({ params: { id } }), order);
    },
    // A refused store cancel still cancelled the order here: read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

const isOrder = (value: unknown): value is OrderDetail =>
  typeof value === 'object' && value !== null && 'lines' in value && 'history' in value;

import { inventoryContract, type AdjustmentData, type OperationQuery } from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const INVENTORY_PAGE_SIZE = 20;

/** The list's query as sent: flags as `'true'`. */
export type InventoryListQuery = OperationQuery<typeof inventoryContract.list>;
export const MOVEMENTS_PAGE_SIZE = 10;

const inventoryKeys = queryKeys(inventoryContract);

/** The inventory calls (`products/inventory`), unwrapped from `{ data }` where they answer one. */
export const inventoryApi = {
  list: (query: InventoryListQuery) => call(inventoryContract.list, { query }),
  movements: (variantId: string, page: number) =>
    call(inventoryContract.movements, {
      params: { variantId },
      query: { page, pageSize: MOVEMENTS_PAGE_SIZE },
    }),
  adjust: (adjustment: AdjustmentData, idempotencyKey: string) =>
    unwrap(call(inventoryContract.adjust, { body: adjustment, idempotencyKey })),
};

export function useInventory(query: InventoryListQuery) {
  return useQuery({
    queryKey: inventoryKeys.list({ query }),
    queryFn: () => inventoryApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useMovements(variantId: string | null, page: number) {
  return useQuery({
    queryKey: inventoryKeys.movements({
      params: { variantId: variantId ?? '' },
      query: { page, pageSize: MOVEMENTS_PAGE_SIZE },
    }),
    queryFn: () => inventoryApi.movements(variantId!, page),
    enabled: variantId !== null,
    placeholderData: keepPreviousData,
  });
}

/** After an adjustment the list and every history are read again. */
export function useRefreshInventory() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
}

import {
  storesContract,
  type StoreConnectInput,
  type StorePlatform,
  type StoreView,
} from '@despacho/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

/** How often the list is read again while a store imports its open orders. */
export const BACKFILL_POLL_MS = 3000;

export const storesKeys = queryKeys(storesContract);

/** The stores calls (`settings/marketplaces`), unwrapped from `{ data }`. */
export const storesApi = {
  list: () => unwrap(call(storesContract.list)),
  connect: (body: StoreConnectInput) => unwrap(call(storesContract.connect, { body })),
  completeAuthorization: (platform: StorePlatform, query: Record<string, string>) =>
    unwrap(call(storesContract.completeAuthorization, { body: { platform, query } })),
  reauthorize: (id: string) => unwrap(call(storesContract.reauthorize, { params: { id } })),
  setStatus: (id: string, status: StoreView['status']) =>
    unwrap(call(storesContract.setStatus, { params: { id }, body: { status } })),
  sync: (id: string) => unwrap(call(storesContract.sync, { params: { id } })),
  disconnect: (id: string) => call(storesContract.disconnect, { params: { id } }),
  customerData: (fileId: string) => call(storesContract.customerData, { params: { fileId } }),
};

/** The connected stores, read again every few seconds while one imports its orders. */
export function useStores() {
  return useQuery({
    queryKey: storesKeys.list(),
    queryFn: storesApi.list,
    refetchInterval: (query) =>
      (query.state.data as StoreView[] | undefined)?.some(
        (store) => store.backfill?.state === 'running',
      )
        ? BACKFILL_POLL_MS
        : false,
  });
}

export function useRefreshStores() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: storesKeys.all });
}

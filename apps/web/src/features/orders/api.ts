import {
  locationsContract,
  ordersContract,
  storesContract,
  type BulkLabelsInput,
  type BulkLabelsView,
  type OrdersQuery,
} from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { packagesApi, packagesKeys } from '../../lib/api/packages';
import { locationsKeys } from '../../lib/api/locations';
import { unwrap } from '../../lib/http';

export const ORDERS_PAGE_SIZE = 20;
/** How often a running bulk run is asked for its progress. */
export const BULK_POLL_MS = 2000;

export const ordersKeys = queryKeys(ordersContract);

/** The list and bulk-labels calls (`orders`, `orders/fulfillment?bulk=`). */
export const ordersApi = {
  list: (query: OrdersQuery) => call(ordersContract.list, { query }),
  summary: () => unwrap(call(ordersContract.summary)),
  startBulk: (body: BulkLabelsInput, idempotencyKey: string) =>
    unwrap(call(ordersContract.startBulk, { body, idempotencyKey })),
  resolveBulkCsv: (file: File) => unwrap(call(ordersContract.resolveBulkCsv, { file })),
  getBulk: (id: string) => unwrap(call(ordersContract.getBulk, { params: { id } })),
  bulkLabelsFile: (id: string, format: 'pdf' | 'zpl') =>
    call(ordersContract.bulkLabelsFile, { params: { id }, query: { format } }),
};

export function useOrders(query: OrdersQuery, enabled = true) {
  return useQuery({
    queryKey: ordersKeys.list({ query }),
    queryFn: () => ordersApi.list(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useOrdersSummary() {
  return useQuery({ queryKey: ordersKeys.summary(), queryFn: ordersApi.summary });
}

/** A bulk run, asked again every few seconds while it is running. */
export function useBulkRun(id: string) {
  return useQuery({
    queryKey: ordersKeys.getBulk({ params: { id } }),
    queryFn: () => ordersApi.getBulk(id),
    refetchInterval: (query) =>
      (query.state.data as BulkLabelsView | undefined)?.state === 'running' ? BULK_POLL_MS : false,
  });
}

/** Where a bulk run's labels leave from: the address book's locations (up to 100). */
const ORIGINS = { query: { page: 1, pageSize: 100 } };
export function useOrigins(enabled: boolean) {
  return useQuery({
    queryKey: locationsKeys.list(ORIGINS),
    queryFn: () => call(locationsContract.list, ORIGINS),
    select: (page) => page.data,
    enabled,
  });
}

/** The saved packages every order of a bulk run ships in. */
const PACKAGES = { page: 1, pageSize: 100 };
export function usePackageOptions(enabled: boolean) {
  return useQuery({
    queryKey: packagesKeys.list({ query: PACKAGES }),
    queryFn: () => packagesApi.list(PACKAGES),
    select: (page) => page.data,
    enabled,
  });
}

/** The connected stores, for the list's store filter. */
export function useStoreOptions() {
  return useQuery({
    queryKey: queryKeys(storesContract).list(),
    queryFn: () => unwrap(call(storesContract.list)),
    select: (stores) => stores.map(({ id, name }) => ({ value: id, label: name })),
  });
}

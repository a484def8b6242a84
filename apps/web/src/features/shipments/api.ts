import { shipmentsContract, type CarrierKey, type ShipmentTab } from '@despacho/domain';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { guidePollMs } from '../../lib/guide-cancellation';

export const SHIPMENTS_PAGE_SIZE = 20;
/** What `POST shipments/labels` takes at once. */
export const MAX_LABELS_PER_DOWNLOAD = 100;

/** The filters of `shippings`, as the URL keeps them. */
export interface ShipmentsFilter {
  tab: ShipmentTab;
  search?: string;
  /** Whole days `YYYY-MM-DD` in Mexico City. */
  from?: string;
  to?: string;
  carrier?: CarrierKey;
}

export interface ShipmentsListQuery extends ShipmentsFilter {
  page: number;
  pageSize: number;
}

export const shipmentsKeys = queryKeys(shipmentsContract);

/** The shipments calls of decision 017 (detail, labels, cancellation; the list is `useShipments`). */
export const shipmentsApi = {
  get: (id: string) => unwrap(call(shipmentsContract.get, { params: { id } })),
  labelPdf: (id: string) => call(shipmentsContract.labelPdf, { params: { id } }),
  labelZpl: (id: string) => call(shipmentsContract.labelZpl, { params: { id } }),
  /** Every chosen guide's label in one PDF. */
  labels: (ids: string[]) => call(shipmentsContract.labels, { body: { ids } }),
  /** 202: the carrier is asked; the refund follows when it confirms. */
  cancel: (id: string) => unwrap(call(shipmentsContract.cancel, { params: { id } })),
};

export function useShipments({ tab, ...filter }: ShipmentsListQuery, enabled = true) {
  // "all" is the server's default: it is left out of the query.
  const input = { query: { ...filter, tab: tab === 'all' ? undefined : tab } };
  return useQuery({
    queryKey: shipmentsKeys.list(input),
    queryFn: () => call(shipmentsContract.list, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One guide; an id that is not a UUID never reaches the API. While its purchase is finishing or
 * its cancellation is pending the guide is read again, until it shows cancelled (with the refund).
 */
export function useShipment(id: string | undefined) {
  const valid = id !== undefined && UUID.test(id);
  const query = useQuery({
    queryKey: shipmentsKeys.get({ params: { id: id ?? '' } }),
    queryFn: () => shipmentsApi.get(id!),
    enabled: valid,
    retry: false,
    refetchInterval: (current) => guidePollMs(current.state.data),
  });
  return { ...query, invalidId: !valid };
}

/** After a change to guides (a cancellation, a pickup) every list is read again. */
export const refreshShipmentLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: shipmentsKeys.list() });

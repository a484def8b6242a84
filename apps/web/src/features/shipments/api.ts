import {
  shipmentsContract,
  type CarrierKey,
  type ShipmentDetail,
  type ShipmentTab,
} from '@despacho/domain';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

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

/** A cancellation the carrier has not confirmed yet: the page keeps asking. */
export const cancellationPending = (shipment: ShipmentDetail | undefined) =>
  Boolean(shipment?.cancellation_requested_at) && shipment?.status !== 'cancelled';

/** How often a pending guide is checked: often at first, then calmly. */
export const CANCELLATION_POLL_MS = { first: 3_000, later: 15_000, switchAfter: 60_000 } as const;

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
    refetchInterval: (current) => {
      const shipment = current.state.data;
      if (shipment?.purchase_state === 'purchasing') return CANCELLATION_POLL_MS.first;
      if (!shipment || !cancellationPending(shipment)) return false;
      const waited = Date.now() - new Date(shipment.cancellation_requested_at!).getTime();
      return waited < CANCELLATION_POLL_MS.switchAfter
        ? CANCELLATION_POLL_MS.first
        : CANCELLATION_POLL_MS.later;
    },
  });
  return { ...query, invalidId: !valid };
}

/** After a change to guides (a cancellation, a pickup) every list is read again. */
export const refreshShipmentLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: shipmentsKeys.list() });

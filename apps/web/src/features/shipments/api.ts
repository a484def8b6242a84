import type {
  CarrierKey,
  PageMeta,
  ShipmentDetail,
  ShipmentSummary,
  ShipmentTab,
} from '@despacho/domain';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';

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

export interface ShipmentsPage {
  data: ShipmentSummary[];
  meta: PageMeta;
}

/** The answer to a cancellation request: when it was asked, and the refund's latest day. */
export type CancellationRequested = Pick<
  ShipmentDetail,
  'cancellation_requested_at' | 'refund_due_by'
>;

export const shipmentsKeys = {
  all: () => ['shipments'] as const,
  lists: () => [...shipmentsKeys.all(), 'list'] as const,
  list: (query: ShipmentsListQuery) => [...shipmentsKeys.lists(), query] as const,
  detail: (id: string) => [...shipmentsKeys.all(), 'detail', id] as const,
};

/** The shipments calls of decision 017 (list, detail, labels, cancellation). */
export const shipmentsApi = {
  // "all" is the server's default: it is left out of the query.
  list: ({ tab, ...query }: ShipmentsListQuery) =>
    http.get<ShipmentsPage>('/shipments', { ...query, tab: tab === 'all' ? undefined : tab }),
  get: (id: string) =>
    unwrap(http.get<ApiData<ShipmentDetail>>(`/shipments/${encodeURIComponent(id)}`)),
  labelPdf: (id: string) => http.blob(`/shipments/${encodeURIComponent(id)}/label.pdf`),
  labelZpl: (id: string) => http.blob(`/shipments/${encodeURIComponent(id)}/label.zpl`),
  /** Every chosen guide's label in one PDF. */
  labels: (ids: string[]) =>
    http.post<Blob>('/shipments/labels', { ids }, undefined, { as: 'blob' }),
  /** 202: the carrier is asked; the refund follows when it confirms. */
  cancel: (id: string) =>
    unwrap(
      http.post<ApiData<CancellationRequested>>(
        `/shipments/${encodeURIComponent(id)}/cancellation`,
      ),
    ),
};

export function useShipments(query: ShipmentsListQuery, enabled = true) {
  return useQuery({
    queryKey: shipmentsKeys.list(query),
    queryFn: () => shipmentsApi.list(query),
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
    queryKey: shipmentsKeys.detail(id ?? ''),
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
  queryClient.invalidateQueries({ queryKey: shipmentsKeys.lists() });

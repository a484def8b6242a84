import type {
  PageMeta,
  VendorData,
  VendorsQuery,
  VendorStatus,
  VendorView,
} from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';

export const VENDORS_PAGE_SIZE = 10;

export const vendorsKeys = {
  all: () => ['vendors'] as const,
  list: (query: VendorsQuery) => [...vendorsKeys.all(), 'list', query] as const,
};

/** The vendors calls (`settings/vendors`), unwrapped from `{ data }` where they answer one. */
export const vendorsApi = {
  list: (query: VendorsQuery) =>
    http.get<{ data: VendorView[]; meta: PageMeta }>('/vendors', { ...query }),
  create: (vendor: VendorData) => unwrap(http.post<ApiData<VendorView>>('/vendors', vendor)),
  update: (id: string, vendor: VendorData) =>
    unwrap(http.put<ApiData<VendorView>>(`/vendors/${id}`, vendor)),
  setStatus: (id: string, status: VendorStatus) =>
    unwrap(http.patch<ApiData<VendorView>>(`/vendors/${id}/status`, { status })),
  remove: (id: string) => http.delete<undefined>(`/vendors/${id}`),
};

export function useVendors(query: VendorsQuery) {
  return useQuery({
    queryKey: vendorsKeys.list(query),
    queryFn: () => vendorsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

/** After any change every page is read again: a status change may move it out of a filter. */
export function useRefreshVendors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: vendorsKeys.all() });
}

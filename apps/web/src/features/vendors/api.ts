import {
  vendorsContract,
  type VendorData,
  type VendorsQuery,
  type VendorStatus,
} from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const VENDORS_PAGE_SIZE = 10;

const vendorsKeys = queryKeys(vendorsContract);

/** The vendors calls (`settings/vendors`), unwrapped from `{ data }` where they answer one. */
export const vendorsApi = {
  list: (query: VendorsQuery) => call(vendorsContract.list, { query }),
  create: (vendor: VendorData) => unwrap(call(vendorsContract.create, { body: vendor })),
  update: (id: string, vendor: VendorData) =>
    unwrap(call(vendorsContract.update, { params: { id }, body: vendor })),
  setStatus: (id: string, status: VendorStatus) =>
    unwrap(call(vendorsContract.setStatus, { params: { id }, body: { status } })),
  remove: (id: string) => call(vendorsContract.remove, { params: { id } }),
};

export function useVendors(query: VendorsQuery) {
  return useQuery({
    queryKey: vendorsKeys.list({ query }),
    queryFn: () => vendorsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

/** After any change every page is read again: a status change may move it out of a filter. */
export function useRefreshVendors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: vendorsKeys.all });
}

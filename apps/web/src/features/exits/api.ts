import {
  customersContract,
  exitsContract,
  inventoryContract,
  locationsContract,
  type ExitCreateInput,
  type ExitsQuery,
} from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const EXITS_PAGE_SIZE = 10;

const exitsKeys = queryKeys(exitsContract);

/** The exits calls (`products/outs`), unwrapped from `{ data }` where they answer one. */
export const exitsApi = {
  list: (query: ExitsQuery) => call(exitsContract.list, { query }),
  create: (body: ExitCreateInput) => unwrap(call(exitsContract.create, { body })),
  process: (id: string, quantities: { variant_id: string; quantity: number }[]) =>
    unwrap(call(exitsContract.process, { params: { id }, body: { quantities } })),
  cancel: (id: string) => unwrap(call(exitsContract.cancel, { params: { id } })),
};

export function useExits(query: ExitsQuery) {
  return useQuery({
    queryKey: exitsKeys.list({ query }),
    queryFn: () => exitsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshExits() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: exitsKeys.all });
}

/** What the create form picks from: warehouses, destinations and the stock at a warehouse. */
export function useExitChoices(warehouseId: string | null, search: string) {
  const warehouses = useQuery({
    queryKey: ['exits', 'warehouses'],
    queryFn: () => unwrap(call(inventoryContract.locations)),
    select: (locations) => locations.filter((l) => l.kind === 'warehouse' && l.active),
  });
  const customers = useQuery({
    queryKey: ['exits', 'customers'],
    queryFn: () => call(customersContract.list, { query: { page: 1, pageSize: 100 } }),
  });
  const locations = useQuery({
    queryKey: ['exits', 'locations'],
    queryFn: () => call(locationsContract.list, { query: { page: 1, pageSize: 100 } }),
  });
  const stock = useQuery({
    queryKey: ['exits', 'stock', warehouseId, search],
    queryFn: () =>
      call(inventoryContract.list, {
        query: { location_id: warehouseId!, search: search || undefined, page: 1, pageSize: 50 },
      }),
    enabled: warehouseId !== null,
    placeholderData: keepPreviousData,
  });
  return { warehouses, customers, locations, stock };
}

import type {
  CustomerData,
  CustomerListItem,
  CustomerSort,
  CustomerView,
  PageMeta,
} from '@despacho/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../http';

export const CUSTOMERS_PAGE_SIZE = 10;

/** The list query as the screen keeps it; `favorites` is only sent when on. */
export interface CustomersListQuery {
  search?: string;
  favorites?: boolean;
  sort?: CustomerSort;
  page: number;
  pageSize: number;
}

export interface CustomersPage {
  data: CustomerListItem[];
  meta: PageMeta;
}

export const customersKeys = {
  all: () => ['customers'] as const,
  lists: () => [...customersKeys.all(), 'list'] as const,
  list: (query: CustomersListQuery) => [...customersKeys.lists(), query] as const,
  detail: (id: string) => [...customersKeys.all(), 'detail', id] as const,
};

/** The customers calls (`clients`), unwrapped from `{ data }` where they answer one. */
export const customersApi = {
  list: ({ favorites, ...query }: CustomersListQuery) =>
    http.get<CustomersPage>('/customers', {
      ...query,
      favorites: favorites ? 'true' : undefined,
    }),
  get: (id: string) => unwrap(http.get<ApiData<CustomerView>>(`/customers/${id}`)),
  create: (customer: CustomerData) =>
    unwrap(http.post<ApiData<CustomerView>>('/customers', customer)),
  update: (id: string, customer: CustomerData) =>
    unwrap(http.put<ApiData<CustomerView>>(`/customers/${id}`, customer)),
  setFavorite: (id: string, isFavorite: boolean) =>
    http.patch<unknown>(`/customers/${id}/favorite`, { is_favorite: isFavorite }),
  setDefaultAddress: (id: string, addressId: string) =>
    http.post<unknown>(`/customers/${id}/addresses/${addressId}/default`),
  remove: (id: string) => http.delete<undefined>(`/customers/${id}`),
};

export function useCustomers(query: CustomersListQuery) {
  return useQuery({
    queryKey: customersKeys.list(query),
    queryFn: () => customersApi.list(query),
    placeholderData: keepPreviousData,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One customer; an id that is not a UUID never reaches the API (it is simply not found). */
export function useCustomer(id: string | undefined) {
  const valid = id !== undefined && UUID.test(id);
  const query = useQuery({
    queryKey: customersKeys.detail(id ?? ''),
    queryFn: () => customersApi.get(id!),
    enabled: valid,
    retry: false,
  });
  return { ...query, invalidId: !valid };
}

/** A customer just saved: its page shows it at once, the lists are read again. */
export async function storeCustomer(queryClient: QueryClient, customer: CustomerView) {
  queryClient.setQueryData(customersKeys.detail(customer.id), customer);
  await queryClient.invalidateQueries({ queryKey: customersKeys.lists() });
}

/** Sets a page of the list's rows for one customer (the favorite star, in place). */
function patchListRows(
  queryClient: QueryClient,
  id: string,
  change: (row: CustomerListItem) => CustomerListItem,
) {
  queryClient.setQueriesData<CustomersPage>({ queryKey: customersKeys.lists() }, (page) =>
    page ? { ...page, data: page.data.map((row) => (row.id === id ? change(row) : row)) } : page,
  );
}

/**
 * Toggles the favorite flag: the star changes at once (list rows and the customer's page), goes
 * back if the call fails, and the lists are read again afterwards.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isFavorite }: { id: string; isFavorite: boolean }) =>
      customersApi.setFavorite(id, isFavorite),
    onMutate: async ({ id, isFavorite }) => {
      await queryClient.cancelQueries({ queryKey: customersKeys.all() });
      const detail = queryClient.getQueryData<CustomerView>(customersKeys.detail(id));
      patchListRows(queryClient, id, (row) => ({ ...row, is_favorite: isFavorite }));
      if (detail) {
        queryClient.setQueryData(customersKeys.detail(id), { ...detail, is_favorite: isFavorite });
      }
      return { detail };
    },
    onError: (_error, { id, isFavorite }, context) => {
      patchListRows(queryClient, id, (row) => ({ ...row, is_favorite: !isFavorite }));
      if (context?.detail) queryClient.setQueryData(customersKeys.detail(id), context.detail);
    },
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: customersKeys.detail(id) }),
      ]),
  });
}

import {
  customersContract,
  type CustomerData,
  type CustomerListItem,
  type CustomerSort,
  type CustomerView,
  type OperationAnswer,
} from '@despacho/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';

export const CUSTOMERS_PAGE_SIZE = 10;

/** The list query as the screen keeps it; `favorites` is only sent when on. */
export interface CustomersListQuery {
  search?: string;
  favorites?: boolean;
  sort?: CustomerSort;
  page: number;
  pageSize: number;
}

export type CustomersPage = OperationAnswer<typeof customersContract.list>;

const keys = queryKeys(customersContract);

/** The contract's query keys, and the two prefixes the screens use: every list page, one customer. */
export const customersKeys = {
  ...keys,
  lists: () => keys.list(),
  detail: (id: string) => keys.get({ params: { id } }),
};

/** What the list call sends for the screen's query. */
const listInput = ({ favorites, ...query }: CustomersListQuery) => ({
  query: { ...query, favorites: favorites ? ('true' as const) : undefined },
});

/** The customers calls (`clients`), unwrapped from `{ data }` where they answer one. */
export const customersApi = {
  list: (query: CustomersListQuery) => call(customersContract.list, listInput(query)),
  get: (id: string) => unwrap(call(customersContract.get, { params: { id } })),
  create: (customer: CustomerData) => unwrap(call(customersContract.create, { body: customer })),
  update: (id: string, customer: CustomerData) =>
    unwrap(call(customersContract.update, { params: { id }, body: customer })),
  setFavorite: (id: string, isFavorite: boolean) =>
    call(customersContract.setFavorite, { params: { id }, body: { is_favorite: isFavorite } }),
  setDefaultAddress: (id: string, addressId: string) =>
    call(customersContract.setDefaultAddress, { params: { id, addressId } }),
  remove: (id: string) => call(customersContract.remove, { params: { id } }),
};

export function useCustomers(query: CustomersListQuery) {
  return useQuery({
    queryKey: customersKeys.list(listInput(query)),
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
      await queryClient.cancelQueries({ queryKey: customersKeys.all });
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

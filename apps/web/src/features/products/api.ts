import {
  productsContract,
  vendorsContract,
  type ProductBulkInput,
  type ProductInput,
  type ProductsQuery,
} from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const PRODUCTS_PAGE_SIZE = 20;
/** The vendors and collections a filter or picker offers: one page, the most the API answers. */
export const OPTIONS_PAGE = { page: 1, pageSize: 100 } as const;

export const productsKeys = queryKeys(productsContract);
const vendorsKeys = queryKeys(vendorsContract);

/** The product calls (`products`, `products/create`, `products/edit/:id`). */
export const productsApi = {
  list: (query: ProductsQuery) => call(productsContract.list, { query }),
  get: (id: string) => unwrap(call(productsContract.get, { params: { id } })),
  create: (product: ProductInput) => unwrap(call(productsContract.create, { body: product })),
  update: (id: string, product: ProductInput) =>
    unwrap(call(productsContract.update, { params: { id }, body: product })),
  remove: (id: string) => call(productsContract.remove, { params: { id } }),
  bulk: (bulk: ProductBulkInput) => unwrap(call(productsContract.bulk, { body: bulk })),
  uploadImage: (file: Blob) => unwrap(call(productsContract.uploadImage, { file })),
  uploadDatasheet: (file: Blob) => unwrap(call(productsContract.uploadDatasheet, { file })),
  datasheet: (fileId: string) => call(productsContract.datasheet, { params: { fileId } }),
};

export function useProducts(query: ProductsQuery) {
  return useQuery({
    queryKey: productsKeys.list({ query }),
    queryFn: () => productsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productsKeys.get({ params: { id } }),
    queryFn: () => productsApi.get(id),
  });
}

/** After any change every products query is read again (a status change moves it between filters). */
export function useRefreshProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productsKeys.all });
}

/** The organization's vendors, for the vendor filter and the form's vendor select. */
export function useVendorOptions() {
  const query = OPTIONS_PAGE;
  return useQuery({
    queryKey: vendorsKeys.list({ query }),
    queryFn: () => call(vendorsContract.list, { query }),
    select: (answer) => answer.data.map(({ id, name }) => ({ value: id, label: name })),
  });
}

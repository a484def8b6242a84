import { collectionsContract, type CollectionData, type CollectionsQuery } from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { OPTIONS_PAGE, productsKeys, useProducts } from './api';

export const COLLECTIONS_PAGE_SIZE = 10;
/** A collection's products shown at once in its detail. */
export const COLLECTION_PRODUCTS_PAGE_SIZE = 10;

const collectionsKeys = queryKeys(collectionsContract);

/** The collection calls (`products/collections`), unwrapped from `{ data }` where they answer one. */
export const collectionsApi = {
  list: (query: CollectionsQuery) => call(collectionsContract.list, { query }),
  create: (collection: CollectionData) =>
    unwrap(call(collectionsContract.create, { body: collection })),
  update: (id: string, collection: CollectionData) =>
    unwrap(call(collectionsContract.update, { params: { id }, body: collection })),
  remove: (id: string) => call(collectionsContract.remove, { params: { id } }),
  addProducts: (id: string, productIds: string[]) =>
    unwrap(
      call(collectionsContract.addProducts, { params: { id }, body: { product_ids: productIds } }),
    ),
  removeProducts: (id: string, productIds: string[]) =>
    unwrap(
      call(collectionsContract.removeProducts, {
        params: { id },
        body: { product_ids: productIds },
      }),
    ),
};

export function useCollections(query: CollectionsQuery) {
  return useQuery({
    queryKey: collectionsKeys.list({ query }),
    queryFn: () => collectionsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

/** One page of the products in a collection (`GET products?collection_id=`), by name. */
export function useCollectionProducts(collectionId: string, page: number) {
  const query = {
    collection_id: collectionId,
    page,
    pageSize: COLLECTION_PRODUCTS_PAGE_SIZE,
    sort: 'name' as const,
  };
  return useProducts(query);
}

/** Products found by name, SKU, barcode or tag, for "Agregar productos". */
export function useProductSearch(search: string) {
  const query = { search: search || undefined, page: 1, pageSize: 20, sort: 'name' as const };
  return useProducts(query);
}

/** The organization's collections, for the products' collection filter and "add to collection". */
export function useCollectionOptions() {
  const collections = useCollections(OPTIONS_PAGE);
  return collections.data?.data.map(({ id, name }) => ({ value: id, label: name })) ?? [];
}

/**
 * After a change the collections and the product lists are read again: counts change, and the
 * products list filters and shows collections.
 */
export function useRefreshCollections() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: collectionsKeys.all }),
      queryClient.invalidateQueries({ queryKey: productsKeys.list() }),
    ]);
}

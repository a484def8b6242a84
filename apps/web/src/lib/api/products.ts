import { productsContract } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';

/** The products screens' keys: a product saved there refreshes the pickers that list it. */
export const productsKeys = queryKeys(productsContract);

/** The catalogue's products to pick from, by name, SKU, barcode or tag (the first 20). */
export function useProductPicks(search: string) {
  const query = { search: search || undefined, page: 1, pageSize: 20 };
  return useQuery({
    queryKey: productsKeys.list({ query }),
    queryFn: () => call(productsContract.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

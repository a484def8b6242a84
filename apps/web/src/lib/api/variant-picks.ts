import { productsContract, type VariantPick } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';

const productsKeys = queryKeys(productsContract);

/**
 * The catalogue's variants a product line can be filled from (`GET product-variants`), found
 * by SKU, barcode or name; read with the create-shipment permission too.
 */
export function useVariantPicks(search: string, enabled: boolean) {
  const input = { query: { search, limit: 20 } };
  return useQuery({
    queryKey: productsKeys.variants(input),
    queryFn: (): Promise<VariantPick[]> => unwrap(call(productsContract.variants, input)),
    enabled,
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

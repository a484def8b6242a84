import { productsContract, type VariantPick } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';

const productsKeys = queryKeys(productsContract);

/**
 * The catalogue's variants a product line can be filled from (`GET product-variants`), found
 * by SKU, barcode or name; read with the create-shipment permission too. From an origin that
 * keeps stock (`keepsStock`), only what is available there, each with `available`.
 */
export function useVariantPicks(search: string, locationId: string | undefined, enabled: boolean) {
  const input = {
    query: { search, limit: 20, ...(locationId ? { location_id: locationId } : {}) },
  };
  return useQuery({
    queryKey: productsKeys.variants(input),
    queryFn: async (): Promise<{ picks: VariantPick[]; keepsStock: boolean }> => {
      const body = await call(productsContract.variants, input);
      return { picks: body.data, keepsStock: body.keeps_stock ?? false };
    },
    enabled,
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

import { inventoryContract } from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';

const inventoryKeys = queryKeys(inventoryContract);

/**
 * Where the organization keeps stock (the platform's warehouses and its own locations): read by
 * the inventory screen and by the address book's "keeps inventory" switch.
 */
export function useStockLocations() {
  return useQuery({
    queryKey: inventoryKeys.locations(),
    queryFn: () => unwrap(call(inventoryContract.locations)),
  });
}

/** Turns an address-book location's "keeps inventory" on or off; the inventory reads again. */
export function useSetKeepsStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, keepsStock }: { locationId: string; keepsStock: boolean }) =>
      unwrap(
        call(inventoryContract.setKeepsStock, {
          params: { locationId },
          body: { keeps_stock: keepsStock },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

import {
  classificationContract,
  productsContract,
  type OperationBody,
  type OperationQuery,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from '../../lib/api/wallet';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const CLASSIFICATIONS_PAGE_SIZE = 20;

export type ClassificationsQuery = OperationQuery<typeof classificationContract.list>;

export const classificationKeys = queryKeys(classificationContract);
const productsKeys = queryKeys(productsContract);

export const classificationApi = {
  dictamen: (id: string, itemId: string) =>
    call(classificationContract.dictamen, { params: { id, itemId } }),
};

export function useClassifications(query: ClassificationsQuery) {
  return useQuery({
    queryKey: classificationKeys.list({ query }),
    queryFn: () => call(classificationContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useClassification(id: string) {
  return useQuery({
    queryKey: classificationKeys.get({ params: { id } }),
    queryFn: () => unwrap(call(classificationContract.get, { params: { id } })),
  });
}

/** The price, the balance and what each picked product still needs, read again as picks change. */
export function useClassificationQuote(productIds: readonly string[]) {
  const body = { product_ids: [...productIds] };
  return useQuery({
    queryKey: classificationKeys.quote({ body }),
    queryFn: () => unwrap(call(classificationContract.quote, { body })),
    enabled: productIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The catalogue's products to pick from, by name, SKU, barcode or tag. */
export function useProductPicks(search: string) {
  const query = { search: search || undefined, page: 1, pageSize: 20 };
  return useQuery({
    queryKey: productsKeys.list({ query }),
    queryFn: () => call(productsContract.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Paying moves the balance (a hold) and the products' tariff status: both are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: classificationKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: productsKeys.all }),
    ]);
}

export function useRequestClassification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OperationBody<typeof classificationContract.create>) =>
      unwrap(call(classificationContract.create, { body })),
    onSuccess: refresh,
  });
}

export function useResubmitClassification(id: string, itemId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OperationBody<typeof classificationContract.resubmit>) =>
      unwrap(call(classificationContract.resubmit, { params: { id, itemId }, body })),
    onSuccess: refresh,
  });
}

import { classificationContract, type OperationBody, type OperationQuery } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productsKeys } from '../../lib/api/products';
import { walletKeys } from '../../lib/api/wallet';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const CLASSIFICATIONS_PAGE_SIZE = 20;

export type ClassificationsQuery = OperationQuery<typeof classificationContract.list>;

export const classificationKeys = queryKeys(classificationContract);

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

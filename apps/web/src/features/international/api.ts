import {
  internationalContract,
  productsContract,
  type ShipmentDetail,
  type T1CreateInput,
  type T1Shipment,
  type T1QuoteRequestInput,
  type T1ShipmentsQuery,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productsKeys } from '../../lib/api/products';
import { guidePollMs } from '../../lib/guide-cancellation';
import { walletKeys } from '../../lib/api/wallet';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const T1_PAGE_SIZE = 20;

export const internationalKeys = queryKeys(internationalContract);

export const internationalApi = {
  quote: (body: T1QuoteRequestInput) => unwrap(call(internationalContract.quote, { body })),
  buy: (body: T1CreateInput, idempotencyKey: string) =>
    unwrap(call(internationalContract.create, { body, idempotencyKey })),
  label: (id: string) => call(internationalContract.label, { params: { id } }),
  cancel: (id: string) => unwrap(call(internationalContract.cancel, { params: { id } })),
  commercialInvoice: (id: string) =>
    call(internationalContract.commercialInvoice, { params: { id } }),
};

/** The merchant's international shipments, newest first. */
export function useT1Shipments(query: T1ShipmentsQuery) {
  return useQuery({
    queryKey: internationalKeys.list({ query }),
    queryFn: () => call(internationalContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** One shipment; read again while its guide's purchase or cancellation is under way. */
export function useT1Shipment(id: string) {
  return useQuery({
    queryKey: internationalKeys.get({ params: { id } }),
    queryFn: () => unwrap(call(internationalContract.get, { params: { id } })),
    refetchInterval: (current) => guidePollMs(current.state.data?.shipment),
  });
}

/** The guide's cancellation on the shipment's page: the page and the list are read again. */
export function useT1Cancellation(id: string) {
  const queryClient = useQueryClient();
  const key = internationalKeys.get({ params: { id } });
  return {
    cancel: () => internationalApi.cancel(id).then((shipment) => shipment.shipment),
    refresh: async (answered?: ShipmentDetail) => {
      if (answered) {
        queryClient.setQueryData<T1Shipment>(key, (current) =>
          current ? { ...current, shipment: answered } : current,
        );
      }
      await queryClient.invalidateQueries({ queryKey: internationalKeys.all });
    },
  };
}

/**
 * Buys the quoted shipment: the balance moves (the header's figure is read again) and the list
 * gains a row.
 */
export function useBuyT1() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: T1CreateInput; key: string }) =>
      internationalApi.buy(body, key),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: internationalKeys.all }),
      ]),
  });
}

/** A picked product's trade fields (tariff code, origin), to prefill its invoice line. */
export function useProductLoader() {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.fetchQuery({
      queryKey: productsKeys.get({ params: { id } }),
      queryFn: () => unwrap(call(productsContract.get, { params: { id } })),
      staleTime: 30_000,
    });
}

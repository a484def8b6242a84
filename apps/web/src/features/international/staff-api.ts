import {
  staffInternationalContract,
  type DutyRateInput,
  type DutyRatesQuery,
  type ExchangeRateInput,
  type RestrictionInput,
  type RestrictionsQuery,
  type CustomsStatusInput,
  type T1ShipmentsQuery,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const STAFF_TABLE_PAGE_SIZE = 20;

export const staffInternationalKeys = queryKeys(staffInternationalContract);

export function useDutyRates(query: DutyRatesQuery) {
  return useQuery({
    queryKey: staffInternationalKeys.dutyRates({ query }),
    queryFn: () => call(staffInternationalContract.dutyRates, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useExchangeRates(page: number) {
  const query = { page, pageSize: STAFF_TABLE_PAGE_SIZE };
  return useQuery({
    queryKey: staffInternationalKeys.exchangeRates({ query }),
    queryFn: () => call(staffInternationalContract.exchangeRates, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useRestrictions(query: RestrictionsQuery) {
  return useQuery({
    queryKey: staffInternationalKeys.restrictions({ query }),
    queryFn: () => call(staffInternationalContract.restrictions, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Every table is read again after a change: a new row may supersede one on another page. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffInternationalKeys.all });
}

export const staffInternationalApi = {
  createDutyRate: (body: DutyRateInput) =>
    unwrap(call(staffInternationalContract.createDutyRate, { body })),
  updateDutyRate: (id: string, body: DutyRateInput) =>
    unwrap(call(staffInternationalContract.updateDutyRate, { params: { id }, body })),
  createExchangeRate: (body: ExchangeRateInput) =>
    unwrap(call(staffInternationalContract.createExchangeRate, { body })),
  createRestriction: (body: RestrictionInput) =>
    unwrap(call(staffInternationalContract.createRestriction, { body })),
  updateRestriction: (id: string, body: RestrictionInput) =>
    unwrap(call(staffInternationalContract.updateRestriction, { params: { id }, body })),
};

/** A table's save (a new row, or a row's end of validity) and the refresh after it. */
export function useSaveRow<A, R>(save: (input: A) => Promise<R>) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: save, onSuccess: refresh });
}

/** Every organization's international shipments, newest first. */
export function useStaffT1Shipments(query: T1ShipmentsQuery) {
  return useQuery({
    queryKey: staffInternationalKeys.shipments({ query }),
    queryFn: () => call(staffInternationalContract.shipments, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useSetCustomsStatus(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CustomsStatusInput) =>
      unwrap(call(staffInternationalContract.setCustomsStatus, { params: { id }, body })),
    onSuccess: refresh,
  });
}

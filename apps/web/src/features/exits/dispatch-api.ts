import {
  staffExitsContract,
  staffLabelsContract,
  type ExitQuoteInput,
  type ExitShipInput,
  type StaffExitsQuery,
} from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

const exitKeys = queryKeys(staffExitsContract);

/** The dispatch screen's lists (`/staff/exits`): to dispatch, or with their guide cancelled. */
export function useDispatchQueue(query: StaffExitsQuery) {
  return useQuery({
    queryKey: exitKeys.queue({ query }),
    queryFn: () => call(staffExitsContract.queue, { query }),
    placeholderData: keepPreviousData,
  });
}

/** One exit's pick list and its organization's saved packages. */
export function useDispatchExit(id: string | null) {
  return useQuery({
    queryKey: exitKeys.get({ params: { id: id ?? '' } }),
    queryFn: () => unwrap(call(staffExitsContract.get, { params: { id: id! } })),
    enabled: id !== null,
  });
}

export const dispatchApi = {
  quote: (id: string, body: ExitQuoteInput) =>
    unwrap(call(staffExitsContract.quote, { params: { id }, body })),
  ship: (id: string, body: ExitShipInput) =>
    unwrap(call(staffExitsContract.ship, { params: { id }, body })),
  /** The label of the guide that shipped the exit, as the carrier issued it (PDF). */
  label: (id: string) => call(staffLabelsContract.exitLabel, { params: { id } }),
};

export function useRefreshDispatch() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: exitKeys.all });
}

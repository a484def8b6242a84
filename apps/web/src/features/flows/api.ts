import { staffFlowsContract, type FlowState } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';

export const FLOWS_PAGE_SIZE = 20;
/** A run moves on its own (its request, its resume job): the list follows it. */
const FLOWS_POLL_MS = 10_000;

export const staffFlowKeys = queryKeys(staffFlowsContract);

/** Flow runs in one state, newest first. */
export function useStaffFlows(state: FlowState, page: number) {
  const query = { state, page, pageSize: FLOWS_PAGE_SIZE };
  return useQuery({
    queryKey: staffFlowKeys.list({ query }),
    queryFn: () => call(staffFlowsContract.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: FLOWS_POLL_MS,
  });
}

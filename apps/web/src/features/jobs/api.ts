import { staffJobsContract, type JobFailureState } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';

export const JOBS_PAGE_SIZE = 20;

export const staffJobKeys = queryKeys(staffJobsContract);

/** Background jobs that failed for good (`failed`) or wait for their next try (`retry`). */
export function useStaffJobs(state: JobFailureState, page: number) {
  const query = { state, page, pageSize: JOBS_PAGE_SIZE };
  return useQuery({
    queryKey: staffJobKeys.list({ query }),
    queryFn: () => call(staffJobsContract.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
  });
}

/** One more run of a job that failed for good; it moves to the retry list. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(call(staffJobsContract.retry, { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffJobKeys.all }),
  });
}

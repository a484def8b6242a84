import type { JobFailureState, PageMeta, StaffJob } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type ApiData } from '../../lib/http';
import { LIST_POLL_MS } from './api';

export const JOBS_PAGE_SIZE = 20;

export const staffJobKeys = {
  all: () => ['staff', 'jobs'] as const,
  list: (state: JobFailureState, page: number) => [...staffJobKeys.all(), state, page] as const,
};

/** Background jobs that failed for good (`failed`) or wait for their next try (`retry`). */
export function useStaffJobs(state: JobFailureState, page: number) {
  return useQuery({
    queryKey: staffJobKeys.list(state, page),
    queryFn: () =>
      http.get<{ data: StaffJob[]; meta: PageMeta }>('/staff/jobs', {
        state,
        page,
        pageSize: JOBS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

/** One more run of a job that failed for good; it moves to the retry list. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await http.post<ApiData<StaffJob>>(`/staff/jobs/${id}/retry`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffJobKeys.all() }),
  });
}

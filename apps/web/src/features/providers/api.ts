import { staffProvidersContract, type ProviderKind } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';

export const FAILURES_PAGE_SIZE = 20;

const providerKeys = queryKeys(staffProvidersContract);

/** Each provider with its mode and last outcome; polled like the console's queues. */
export function useStaffProviders() {
  return useQuery({
    queryKey: providerKeys.list(),
    queryFn: () => call(staffProvidersContract.list),
    refetchInterval: QUEUE_POLL_MS,
  });
}

/** One page of the providers' failures, newest first, of one kind and/or provider. */
export function useProviderFailures(filter: {
  kind?: ProviderKind;
  provider?: string;
  page: number;
}) {
  const query = { ...filter, pageSize: FAILURES_PAGE_SIZE };
  return useQuery({
    queryKey: providerKeys.failures({ query }),
    queryFn: () => call(staffProvidersContract.failures, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
  });
}

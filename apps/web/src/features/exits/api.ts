import { exitsContract, type ExitsQuery } from '@despacho/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const EXITS_PAGE_SIZE = 10;

const exitsKeys = queryKeys(exitsContract);

/** The exits calls (`products/outs`), unwrapped from `{ data }` where they answer one. */
export const exitsApi = {
  list: (query: ExitsQuery) => call(exitsContract.list, { query }),
  process: (id: string) =>
    unwrap(call(exitsContract.process, { params: { id }, body: { quantities: [] } })),
  cancel: (id: string) => unwrap(call(exitsContract.cancel, { params: { id } })),
};

export function useExits(query: ExitsQuery) {
  return useQuery({
    queryKey: exitsKeys.list({ query }),
    queryFn: () => exitsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshExits() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: exitsKeys.all });
}

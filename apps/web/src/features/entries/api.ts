import { entriesContract, type EntryData, type OperationQuery } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { useObjectUrl } from '../../lib/object-url';

export const ENTRIES_PAGE_SIZE = 20;

export type EntriesListQuery = OperationQuery<typeof entriesContract.list>;

export const entriesKeys = queryKeys(entriesContract);

/** The entries calls (`products/entry…`), unwrapped from `{ data }`. */
export const entriesApi = {
  create: (body: EntryData) => unwrap(call(entriesContract.create, { body })),
  cancel: (id: string) => unwrap(call(entriesContract.cancel, { params: { id } })),
  answer: (id: string, incidentId: string, answer: string) =>
    unwrap(call(entriesContract.answerIncident, { params: { id, incidentId }, body: { answer } })),
};

/** The active platform warehouses an entry may go to. */
export function useEntryWarehouses() {
  return useQuery({
    queryKey: entriesKeys.warehouses(),
    queryFn: () => unwrap(call(entriesContract.warehouses)),
  });
}

export function useEntries(query: EntriesListQuery) {
  return useQuery({
    queryKey: entriesKeys.list({ query }),
    queryFn: () => call(entriesContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useEntry(id: string) {
  return useQuery({
    queryKey: entriesKeys.get({ params: { id } }),
    queryFn: () => unwrap(call(entriesContract.get, { params: { id } })),
  });
}

/** After a change the lists and the entry are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: entriesKeys.all });
}

export function useCancelEntry(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => entriesApi.cancel(id), onSuccess: refresh });
}

export function useAnswerIncident(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ incidentId, answer }: { incidentId: string; answer: string }) =>
      entriesApi.answer(id, incidentId, answer),
    onSuccess: refresh,
  });
}

/** An incident photo's thumbnail, fetched with the session. */
export function useEntryPhoto(id: string, photoId: string) {
  const input = { params: { id, photoId }, query: { size: 'thumbnail' as const } };
  const { data } = useQuery({
    queryKey: entriesKeys.photo(input),
    queryFn: () => call(entriesContract.photo, input),
    staleTime: Infinity,
    retry: false,
  });
  return useObjectUrl(data);
}

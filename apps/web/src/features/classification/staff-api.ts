import {
  staffClassificationContract,
  type OperationBody,
  type OperationQuery,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { useObjectUrl } from '../../lib/object-url';
import { unwrap } from '../../lib/http';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';

export const STAFF_CLASSIFICATION_PAGE_SIZE = 20;

export type StaffClassificationQuery = OperationQuery<typeof staffClassificationContract.queue>;

export const staffClassificationKeys = queryKeys(staffClassificationContract);

export function useClassificationQueue(query: StaffClassificationQuery) {
  return useQuery({
    queryKey: staffClassificationKeys.queue({ query }),
    queryFn: () => call(staffClassificationContract.queue, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
  });
}

export function useStaffClassification(id: string) {
  return useQuery({
    queryKey: staffClassificationKeys.get({ params: { id } }),
    queryFn: () => unwrap(call(staffClassificationContract.get, { params: { id } })),
  });
}

/** The top candidates from the product's description, materials and use. */
export function useClassificationCandidates(id: string, enabled: boolean) {
  return useQuery({
    queryKey: staffClassificationKeys.candidates({ params: { id } }),
    queryFn: () => unwrap(call(staffClassificationContract.candidates, { params: { id } })),
    enabled,
    staleTime: 60_000,
  });
}

/** The picker: codes by prefix or words of the catalogue in force. */
export function useTariffSearch(search: string) {
  const query = { search };
  return useQuery({
    queryKey: staffClassificationKeys.tariffSearch({ query }),
    queryFn: () => unwrap(call(staffClassificationContract.tariffSearch, { query })),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One staff action on a product; the queue and the detail are read again after it. */
function useAction<I>(
  id: string,
  action: (id: string, input: I) => Promise<unknown>,
): ReturnType<typeof useMutation<unknown, Error, I>> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => action(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffClassificationKeys.all }),
  });
}

const params = (id: string) => ({ params: { id } });
const C = staffClassificationContract;

export const useClaimClassification = (id: string) =>
  useAction<void>(id, (id) => call(C.claim, params(id)));
export const useRecordResult = (id: string) =>
  useAction<OperationBody<typeof C.recordResult>>(id, (id, body) =>
    call(C.recordResult, { ...params(id), body }),
  );
export const useSendToReview = (id: string) =>
  useAction<string | undefined>(id, (id, note) =>
    call(C.sendToReview, { ...params(id), body: { note } }),
  );
export const useReturnToClassifier = (id: string) =>
  useAction<string | undefined>(id, (id, note) =>
    call(C.returnToClassifier, { ...params(id), body: { note } }),
  );
export const usePublishClassification = (id: string) =>
  useAction<void>(id, (id) => call(C.publish, params(id)));
export const useRejectClassification = (id: string) =>
  useAction<OperationBody<typeof C.reject>>(id, (id, body) =>
    call(C.reject, { ...params(id), body }),
  );
export const useNotClassifiable = (id: string) =>
  useAction<OperationBody<typeof C.notClassifiable>>(id, (id, body) =>
    call(C.notClassifiable, { ...params(id), body }),
  );

/** A photo's thumbnail of the product under classification, fetched with the staff session. */
export function useStaffClassificationThumbnail(id: string, imageId: string) {
  const input = { params: { id, imageId }, query: { size: 'thumbnail' as const } };
  const { data } = useQuery({
    queryKey: staffClassificationKeys.image(input),
    queryFn: () => call(C.image, input),
    staleTime: Infinity,
    retry: false,
  });
  return useObjectUrl(data);
}

/** The product's files at the console's own operations (the organization's refuse staff). */
export const staffClassificationFiles = {
  image: (id: string, imageId: string) =>
    call(C.image, { params: { id, imageId }, query: { size: 'large' } }),
  datasheet: (id: string) => call(C.datasheet, params(id)),
};

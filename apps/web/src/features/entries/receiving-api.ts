import {
  staffReceivingContract,
  type IncidentInput,
  type OperationQuery,
  type ReceiptData,
  type ReclassifyData,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { useObjectUrl } from '../../lib/object-url';

export const RECEIVING_PAGE_SIZE = 20;
export type ReceivingListQuery = OperationQuery<typeof staffReceivingContract.queue>;

const receivingKeys = queryKeys(staffReceivingContract);

/** The entries to receive (`/staff/receiving`), by expected date. */
export function useReceivingQueue(query: ReceivingListQuery) {
  return useQuery({
    queryKey: receivingKeys.queue({ query }),
    queryFn: () => call(staffReceivingContract.queue, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useReceivingEntry(id: string | null) {
  return useQuery({
    queryKey: receivingKeys.get({ params: { id: id ?? '' } }),
    queryFn: () => unwrap(call(staffReceivingContract.get, { params: { id: id! } })),
    enabled: id !== null,
  });
}

/**
 * The console's actions on one entry; each keyed one (a count, a reclassification) carries the
 * Idempotency-Key its form made once, so a double click or a retry counts once.
 */
export function useReceivingActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: receivingKeys.all });
  const params = { id };
  return {
    receive: useMutation({
      mutationFn: ({ body, key }: { body: ReceiptData; key: string }) =>
        unwrap(call(staffReceivingContract.receive, { params, body, idempotencyKey: key })),
      onSuccess: refresh,
    }),
    reclassify: useMutation({
      mutationFn: ({ body, key }: { body: ReclassifyData; key: string }) =>
        unwrap(call(staffReceivingContract.reclassify, { params, body, idempotencyKey: key })),
      onSuccess: refresh,
    }),
    recordIncident: useMutation({
      mutationFn: async ({
        body,
        photos,
      }: {
        body: Omit<IncidentInput, 'photo_ids'>;
        photos: File[];
      }) => {
        const photoIds: string[] = [];
        for (const file of photos) {
          const uploaded = await unwrap(call(staffReceivingContract.uploadPhoto, { params, file }));
          photoIds.push(uploaded.id);
        }
        return unwrap(
          call(staffReceivingContract.recordIncident, {
            params,
            body: { ...body, photo_ids: photoIds },
          }),
        );
      },
      onSuccess: refresh,
    }),
    resolveIncident: useMutation({
      mutationFn: (incidentId: string) =>
        unwrap(call(staffReceivingContract.resolveIncident, { params: { id, incidentId } })),
      onSuccess: refresh,
    }),
    close: useMutation({
      mutationFn: () => unwrap(call(staffReceivingContract.close, { params })),
      onSuccess: refresh,
    }),
  };
}

/** An incident photo's thumbnail, fetched with the staff session. */
export function useReceivingPhoto(id: string, photoId: string) {
  const input = { params: { id, photoId }, query: { size: 'thumbnail' as const } };
  const { data } = useQuery({
    queryKey: receivingKeys.photo(input),
    queryFn: () => call(staffReceivingContract.photo, input),
    staleTime: Infinity,
    retry: false,
  });
  return useObjectUrl(data);
}

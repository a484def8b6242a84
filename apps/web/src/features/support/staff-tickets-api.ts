import { staffTicketsContract, type OperationQuery, type TicketCategory } from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';
import { uploadEach } from './tickets-api';

export const STAFF_TICKETS_PAGE_SIZE = 20;

export type StaffTicketsListQuery = OperationQuery<typeof staffTicketsContract.queue>;

export const staffTicketsKeys = queryKeys(staffTicketsContract);

export const staffTicketsApi = {
  attachment: (id: string, attachmentId: string) =>
    call(staffTicketsContract.attachment, { params: { id, attachmentId } }),
};

export function useStaffTickets(query: StaffTicketsListQuery) {
  return useQuery({
    queryKey: staffTicketsKeys.queue({ query }),
    queryFn: () => call(staffTicketsContract.queue, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
  });
}

export function useStaffTicket(id: string) {
  return useQuery({
    queryKey: staffTicketsKeys.get({ params: { id } }),
    queryFn: () => unwrap(call(staffTicketsContract.get, { params: { id } })),
    refetchInterval: QUEUE_POLL_MS,
  });
}

export function useSupportAgents() {
  return useQuery({
    queryKey: staffTicketsKeys.agents(),
    queryFn: () => unwrap(call(staffTicketsContract.agents)),
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: staffTicketsKeys.cannedReplies(),
    queryFn: () => unwrap(call(staffTicketsContract.cannedReplies)),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffTicketsKeys.all });
}

/** A reply or an internal note, then its files onto it. */
export function useStaffReply(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { body: string; internal: boolean; files: File[] }) => {
      const message = await unwrap(
        call(staffTicketsContract.reply, {
          params: { id },
          body: { body: input.body, internal: input.internal },
        }),
      );
      await uploadEach(input.files, (file) =>
        call(staffTicketsContract.attach, { params: { id, messageId: message.id }, file }),
      );
    },
    onSettled: refresh,
  });
}

export function useAssignTicket(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (assigneeId: string | null) =>
      unwrap(
        call(staffTicketsContract.assign, { params: { id }, body: { assignee_id: assigneeId } }),
      ),
    onSuccess: refresh,
  });
}

export function useMergeTicket(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (intoId: string) =>
      unwrap(call(staffTicketsContract.merge, { params: { id }, body: { into_id: intoId } })),
    onSuccess: refresh,
  });
}

export function useCloseStaffTicket(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (reason: string) =>
      unwrap(call(staffTicketsContract.close, { params: { id }, body: { reason } })),
    onSuccess: refresh,
  });
}

export function useAddCannedReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { title: string; body: string }) =>
      unwrap(call(staffTicketsContract.addCannedReply, { body })),
    onSuccess: refresh,
  });
}

export function useRemoveCannedReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(staffTicketsContract.removeCannedReply, { params: { id } }),
    onSuccess: refresh,
  });
}

/** The advisor chat becomes a ticket of its organization. */
export function useTicketFromConversation(conversationId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { title: string; category: TicketCategory }) =>
      unwrap(call(staffTicketsContract.fromConversation, { params: { id: conversationId }, body })),
    onSuccess: refresh,
  });
}

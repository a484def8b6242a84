import {
  ticketsContract,
  type OperationQuery,
  type TicketCreate,
  type TicketRating,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const TICKETS_PAGE_SIZE = 20;

export type TicketsListQuery = OperationQuery<typeof ticketsContract.list>;

export const ticketsKeys = queryKeys(ticketsContract);

/**
 * Sends a message's files one by one onto it (one upload each, as the contract declares): the
 * first refused file stops the rest and its error is the caller's.
 */
export async function uploadEach(
  files: readonly File[],
  upload: (file: File) => Promise<unknown>,
): Promise<void> {
  for (const file of files) await upload(file);
}

export const ticketsApi = {
  open: (body: TicketCreate) => unwrap(call(ticketsContract.open, { body })),
  reply: (id: string, body: string) =>
    unwrap(call(ticketsContract.reply, { params: { id }, body: { body } })),
  attach: (id: string, messageId: string, file: File) =>
    call(ticketsContract.attach, { params: { id, messageId }, file }),
  attachment: (id: string, attachmentId: string) =>
    call(ticketsContract.attachment, { params: { id, attachmentId } }),
  close: (id: string) => unwrap(call(ticketsContract.close, { params: { id } })),
  rate: (id: string, body: TicketRating) =>
    unwrap(call(ticketsContract.rate, { params: { id }, body })),
};

export function useTickets(query: TicketsListQuery) {
  return useQuery({
    queryKey: ticketsKeys.list({ query }),
    queryFn: () => call(ticketsContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: ticketsKeys.get({ params: { id } }),
    queryFn: () => unwrap(call(ticketsContract.get, { params: { id } })),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ticketsKeys.all });
}

/**
 * Opens a ticket, then sends its files onto the first message. A refused file does not undo the
 * ticket: it is answered with the ticket, so the page opens it and says what was refused (sending
 * the form again would open a twin).
 */
export function useOpenTicket() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ input, files }: { input: TicketCreate; files: File[] }) => {
      const ticket = await ticketsApi.open(input);
      const uploadError = await uploadEach(files, (file) =>
        ticketsApi.attach(ticket.id, ticket.messages[0]!.id, file),
      ).then(
        () => null,
        (error: unknown) => error,
      );
      return { ticket, uploadError };
    },
    onSettled: refresh,
  });
}

export function useReplyTicket(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ body, files }: { body: string; files: File[] }) => {
      const message = await ticketsApi.reply(id, body);
      await uploadEach(files, (file) => ticketsApi.attach(id, message.id, file));
    },
    onSettled: refresh,
  });
}

export function useCloseTicket(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => ticketsApi.close(id), onSuccess: refresh });
}

export function useRateTicket(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TicketRating) => ticketsApi.rate(id, input),
    onSuccess: refresh,
  });
}

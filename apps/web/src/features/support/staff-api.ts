import { staffContract, type ConversationStatus } from '@despacho/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';

/** How often the console looks for messages in the open chat. */
export const CONVERSATION_POLL_MS = 5000;
export const CONVERSATIONS_PAGE_SIZE = 20;

export type StatusFilter = ConversationStatus | 'all';

const staffKeys = queryKeys(staffContract);

export function useStaffConversations(filter: StatusFilter, page: number) {
  const query = {
    status: filter === 'all' ? undefined : filter,
    page,
    pageSize: CONVERSATIONS_PAGE_SIZE,
  };
  return useQuery({
    queryKey: staffKeys.conversations({ query }),
    queryFn: () => call(staffContract.conversations, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
  });
}

export function useStaffConversation(id: string) {
  return useQuery({
    queryKey: staffKeys.conversation({ params: { id } }),
    queryFn: () => unwrap(call(staffContract.conversation, { params: { id } })),
    refetchInterval: CONVERSATION_POLL_MS,
    staleTime: 0,
  });
}

/** A chat changed: every list, and the chat itself, are read again. */
const refreshConversation = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: staffKeys.conversations() }),
    queryClient.invalidateQueries({ queryKey: staffKeys.conversation({ params: { id } }) }),
  ]);

export function useAnswerConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(staffContract.answer, { params: { id }, body: { body } }),
    onSuccess: () => refreshConversation(queryClient, id),
  });
}

export function useCloseConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(call(staffContract.close, { params: { id } })),
    onSuccess: (conversation) => {
      queryClient.setQueryData(staffKeys.conversation({ params: { id } }), conversation);
      return refreshConversation(queryClient, id);
    },
  });
}

import type {
  ConversationMessage,
  ConversationStatus,
  PageMeta,
  StaffConversation,
  StaffConversationSummary,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type ApiData } from '../../lib/http';

/** How often the console looks for new chats and for messages in the open one. */
export const LIST_POLL_MS = 10_000;
export const CONVERSATION_POLL_MS = 5000;
export const CONVERSATIONS_PAGE_SIZE = 20;

export type StatusFilter = ConversationStatus | 'all';

export const staffKeys = {
  conversations: () => ['staff', 'conversations'] as const,
  list: (filter: StatusFilter, page: number) =>
    [...staffKeys.conversations(), 'list', filter, page] as const,
  detail: (id: string) => [...staffKeys.conversations(), 'detail', id] as const,
};

export function useStaffConversations(filter: StatusFilter, page: number) {
  return useQuery({
    queryKey: staffKeys.list(filter, page),
    queryFn: () =>
      http.get<{ data: StaffConversationSummary[]; meta: PageMeta }>('/staff/conversations', {
        status: filter === 'all' ? undefined : filter,
        page,
        pageSize: CONVERSATIONS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

export function useStaffConversation(id: string) {
  return useQuery({
    queryKey: staffKeys.detail(id),
    queryFn: async () =>
      (await http.get<ApiData<StaffConversation>>(`/staff/conversations/${id}`)).data,
    refetchInterval: CONVERSATION_POLL_MS,
    staleTime: 0,
  });
}

export function useAnswerConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      http.post<ApiData<ConversationMessage>>(`/staff/conversations/${id}/messages`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversations() }),
  });
}

export function useCloseConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await http.post<ApiData<StaffConversation>>(`/staff/conversations/${id}/close`)).data,
    onSuccess: (conversation) => {
      queryClient.setQueryData(staffKeys.detail(id), conversation);
      return queryClient.invalidateQueries({ queryKey: staffKeys.conversations() });
    },
  });
}

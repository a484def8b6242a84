import type {
  ActiveNotices,
  Conversation,
  ConversationMessage,
  DashboardSummary,
  NoticeKey,
  Notification,
  PageMeta,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type ApiData } from '../../lib/http';

export const NOTIFICATIONS_PAGE_SIZE = 10;
/** How often the open chat window asks for the consultant's answers. */
export const CHAT_POLL_MS = 5000;

export const dashboardKeys = {
  summary: () => ['dashboard', 'summary'] as const,
  notifications: () => ['notifications'] as const,
  notificationsPage: (page: number) => [...dashboardKeys.notifications(), 'page', page] as const,
  notices: () => ['notifications', 'notices'] as const,
  conversation: () => ['support', 'conversation'] as const,
};

export function useDashboardSummary() {
  return useQuery({
    queryKey: dashboardKeys.summary(),
    queryFn: async () => (await http.get<ApiData<DashboardSummary>>('/dashboard/summary')).data,
  });
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: dashboardKeys.notificationsPage(page),
    queryFn: () =>
      http.get<{ data: Notification[]; meta: PageMeta }>('/notifications', {
        page,
        pageSize: NOTIFICATIONS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Read marks change the list and the unread figure of the summary. */
function useRefreshAfterRead() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.notifications() }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.summary() }),
    ]);
}

export function useMarkNotificationRead() {
  const onSuccess = useRefreshAfterRead();
  return useMutation({
    mutationFn: (id: string) => http.patch<ApiData<Notification>>(`/notifications/${id}/read`),
    onSuccess,
  });
}

export function useMarkAllNotificationsRead() {
  const onSuccess = useRefreshAfterRead();
  return useMutation({
    mutationFn: () => http.post<ApiData<{ marked: number }>>('/notifications/read-all'),
    onSuccess,
  });
}

export function useActiveNotices() {
  return useQuery({
    queryKey: dashboardKeys.notices(),
    queryFn: async () => (await http.get<ApiData<ActiveNotices>>('/notifications/notices')).data,
  });
}

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: NoticeKey) =>
      (await http.post<ApiData<ActiveNotices>>(`/notifications/notices/${key}/dismiss`)).data,
    onSuccess: (notices) => queryClient.setQueryData(dashboardKeys.notices(), notices),
  });
}

/** The organization's open consultant chat; polled while the chat window is open. */
export function useSupportConversation(open: boolean) {
  return useQuery({
    queryKey: dashboardKeys.conversation(),
    queryFn: async () =>
      (await http.get<ApiData<Conversation | null>>('/support/conversation')).data,
    enabled: open,
    refetchInterval: open ? CHAT_POLL_MS : false,
    staleTime: 0,
  });
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      http.post<ApiData<ConversationMessage>>('/support/conversation/messages', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.conversation() }),
  });
}

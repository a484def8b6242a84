import {
  dashboardContract,
  type DashboardPeriod,
  notificationsContract,
  supportContract,
  type NoticeKey,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { useDashboardPeriod } from './period-param';

export const NOTIFICATIONS_PAGE_SIZE = 10;
/** How often the open chat window asks for the consultant's answers. */
export const CHAT_POLL_MS = 5000;

const dashboardKeys = queryKeys(dashboardContract);
export const notificationsKeys = queryKeys(notificationsContract);
const supportKeys = queryKeys(supportContract);

/** The figures of the page's period; the previous period's stay shown while another loads. */
export function useDashboardSummary() {
  const query = { period: useDashboardPeriod()[0] };
  return useQuery({
    queryKey: dashboardKeys.summary({ query }),
    queryFn: () => unwrap(call(dashboardContract.summary, { query })),
    placeholderData: keepPreviousData,
  });
}

export function useDashboardCharts(period: DashboardPeriod) {
  const query = { period };
  return useQuery({
    queryKey: dashboardKeys.charts({ query }),
    queryFn: () => unwrap(call(dashboardContract.charts, { query })),
    placeholderData: keepPreviousData,
  });
}

export function useFirstSteps() {
  return useQuery({
    queryKey: dashboardKeys.firstSteps(),
    queryFn: () => unwrap(call(dashboardContract.firstSteps)),
  });
}

export function useDismissFirstSteps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(call(dashboardContract.dismissFirstSteps)),
    onSuccess: (steps) => queryClient.setQueryData(dashboardKeys.firstSteps(), steps),
  });
}

export function useNotifications(page: number) {
  const query = { page, pageSize: NOTIFICATIONS_PAGE_SIZE };
  return useQuery({
    queryKey: notificationsKeys.list({ query }),
    queryFn: () => call(notificationsContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Read marks change the list (and the notices, of the same domain) and the unread figure of the summary. */
function useRefreshAfterRead() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.summary() }),
    ]);
}

export function useMarkNotificationRead() {
  const onSuccess = useRefreshAfterRead();
  return useMutation({
    mutationFn: (id: string) => call(notificationsContract.markRead, { params: { id } }),
    onSuccess,
  });
}

export function useMarkAllNotificationsRead() {
  const onSuccess = useRefreshAfterRead();
  return useMutation({
    mutationFn: () => call(notificationsContract.markAllRead),
    onSuccess,
  });
}

export function useActiveNotices() {
  return useQuery({
    queryKey: notificationsKeys.notices(),
    queryFn: () => unwrap(call(notificationsContract.notices)),
  });
}

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: NoticeKey) =>
      unwrap(call(notificationsContract.dismissNotice, { params: { key } })),
    onSuccess: (notices) => queryClient.setQueryData(notificationsKeys.notices(), notices),
  });
}

/** The organization's open consultant chat; polled while the chat window is open. */
export function useSupportConversation(open: boolean) {
  return useQuery({
    queryKey: supportKeys.conversation(),
    queryFn: () => unwrap(call(supportContract.conversation)),
    enabled: open,
    refetchInterval: open ? CHAT_POLL_MS : false,
    staleTime: 0,
  });
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(supportContract.sendMessage, { body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.conversation() }),
  });
}

/** The news staff published that concern the organization today. */
export function useCurrentNews() {
  return useQuery({
    queryKey: notificationsKeys.news(),
    queryFn: () => unwrap(call(notificationsContract.news)),
  });
}

import {
  notificationsContract,
  staffNewsContract,
  type NewsInput,
  type Notification,
  type NotificationKind,
} from '@despacho/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How many of the newest the header's dropdown shows. */
export const BELL_LATEST = 5;
/** How often the header's bell asks for the unread count. */
export const UNREAD_POLL_MS = 60_000;
export const NEWS_PAGE_SIZE = 20;

export const notificationsKeys = queryKeys(notificationsContract);
const staffNewsKeys = queryKeys(staffNewsContract);

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationsKeys.unread(),
    queryFn: () => unwrap(call(notificationsContract.unread)),
    refetchInterval: UNREAD_POLL_MS,
  });
}

export function useNotificationList(page: number, pageSize: number, kind?: NotificationKind) {
  const query = { page, pageSize, ...(kind ? { kind } : {}) };
  return useQuery({
    queryKey: notificationsKeys.list({ query }),
    queryFn: () => call(notificationsContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** A read mark changes the lists and the count: everything of the domain is asked again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
}

export function useMarkRead() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(notificationsContract.markRead, { params: { id } }),
    onSuccess,
  });
}

export function useMarkAllRead() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: () => call(notificationsContract.markAllRead), onSuccess });
}

/**
 * What a header bell reads: the merchant's notification centre, or a staff member's own notices
 * (staff-notifications-api.ts). A source without a full page (`allPath`) reads all in the bell.
 */
export interface BellSource {
  useUnreadCount: () => UseQueryResult<{ unread: number }>;
  useLatest: () => UseQueryResult<{ data: Notification[] }>;
  useMarkRead: () => UseMutationResult<unknown, Error, string>;
  useMarkAllRead: () => UseMutationResult<unknown, Error, void>;
  allPath?: string;
}

export const memberBellSource: BellSource = {
  useUnreadCount,
  useLatest: () => useNotificationList(1, BELL_LATEST),
  useMarkRead,
  useMarkAllRead,
  allPath: '/app/notifications',
};

export function useMailPreferences() {
  return useQuery({
    queryKey: notificationsKeys.mailPreferences(),
    queryFn: () => unwrap(call(notificationsContract.mailPreferences)),
  });
}

export function useSetMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mail: NotificationKind[]) =>
      unwrap(call(notificationsContract.setMailPreferences, { body: { mail } })),
    onSuccess: (saved) => queryClient.setQueryData(notificationsKeys.mailPreferences(), saved),
  });
}

export function useStaffNews(page: number) {
  const query = { page, pageSize: NEWS_PAGE_SIZE };
  return useQuery({
    queryKey: staffNewsKeys.list({ query }),
    queryFn: () => call(staffNewsContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsInput) => unwrap(call(staffNewsContract.create, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffNewsKeys.all }),
  });
}

export function useEndNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(call(staffNewsContract.end, { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffNewsKeys.all }),
  });
}

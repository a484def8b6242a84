import { staffNotificationsContract } from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { BELL_LATEST, UNREAD_POLL_MS, type BellSource } from './api';

const staffNotificationsKeys = queryKeys(staffNotificationsContract);

/** A read mark changes the list and the count: both are asked again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffNotificationsKeys.all });
}

/** The console's bell: a staff member's own notices (a merchant replied to a ticket). */
export const staffBellSource: BellSource = {
  useUnreadCount: () =>
    useQuery({
      queryKey: staffNotificationsKeys.unread(),
      queryFn: () => unwrap(call(staffNotificationsContract.unread)),
      refetchInterval: UNREAD_POLL_MS,
    }),
  useLatest: () => {
    const query = { page: 1, pageSize: BELL_LATEST };
    return useQuery({
      queryKey: staffNotificationsKeys.list({ query }),
      queryFn: () => call(staffNotificationsContract.list, { query }),
    });
  },
  useMarkRead: () =>
    useMutation({
      mutationFn: (id: string) => call(staffNotificationsContract.markRead, { params: { id } }),
      onSuccess: useRefresh(),
    }),
  useMarkAllRead: () =>
    useMutation({
      mutationFn: () => call(staffNotificationsContract.markAllRead),
      onSuccess: useRefresh(),
    }),
};

import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { ListPagination } from '../../../ui/ListPagination';
import { NotificationItem } from '../../../ui/NotificationItem';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useDashboardSummary,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api';

/** The user's notifications, newest first, with read marks. */
export function NotificationsPanel() {
  const { t } = useTranslation('dashboard');
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const unread = useDashboardSummary().data?.unread_notifications ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();
  const failure = markAll.error ?? markRead.error;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="notifications-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="notifications-title">
          {t('notifications.title')}
        </Title>
        <Button
          variant="subtle"
          size="xs"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {failure && (
        <Text c="red" fz="sm" role="alert" mb="sm">
          {messageOf(failure)}
        </Text>
      )}
      {list.isPending ? (
        <Stack gap="md">
          {[1, 2, 3].map((row) => (
            <Skeleton key={row} h={56} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red">{messageOf(list.error)}</Alert>
      ) : list.data.data.length === 0 ? (
        <EmptyState
          title={t('notifications.empty')}
          description={t('notifications.emptyHint')}
          size="sm"
        />
      ) : (
        <Stack component="ul" gap="md" m={0} p={0}>
          {list.data.data.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onRead={() => markRead.mutate(notification.id)}
            />
          ))}
        </Stack>
      )}
      <ListPagination
        total={list.data?.meta.total ?? 0}
        pageSize={NOTIFICATIONS_PAGE_SIZE}
        page={page}
        onChange={setPage}
        label={t('notifications.pagination')}
      />
    </Paper>
  );
}

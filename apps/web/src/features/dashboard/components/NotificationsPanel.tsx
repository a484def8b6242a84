import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationList } from '../../../ui/NotificationList';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useDashboardSummary,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api';

/** The user's notifications, newest first, with read marks. */
export function NotificationsPanel() {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const unread = useDashboardSummary().data?.unread_notifications ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="notifications-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="notifications-title">
            {t('title')}
          </Title>
          <Button
            variant="subtle"
            size="xs"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('markAllRead')}
          </Button>
        </Group>
        <NotificationList
          list={list}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          page={page}
          onPage={setPage}
          onRead={(id) => markRead.mutate(id)}
          failure={markAll.error ?? markRead.error}
        />
      </Stack>
    </Paper>
  );
}

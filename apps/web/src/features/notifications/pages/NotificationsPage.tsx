import { NOTIFICATION_KINDS, type Notification } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ListPagination } from '../../../ui/ListPagination';
import { NotificationKindBadge } from '../../../ui/NotificationKindBadge';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { MailPreferences } from '../components/MailPreferences';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useUnreadCount,
} from '../api';

const ALL = 'all';

/** Every notification of the user, by kind and page (kept in the URL), and their mail choices. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const params = useListParams();
  const kind = params.choice('kind', NOTIFICATION_KINDS);
  const list = useNotificationList(params.page, NOTIFICATIONS_PAGE_SIZE, kind);
  const unread = useUnreadCount().data?.unread ?? 0;
  const markAll = useMarkAllRead();
  const markRead = useMarkRead();
  const failure = markAll.error ?? markRead.error;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <Button
            variant="light"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('markAllRead')}
          </Button>
        }
      />
      <Stack gap="lg">
        <SegmentedFilter
          aria-label={t('filterLabel')}
          value={kind ?? ALL}
          onChange={(value) => params.setParam('kind', value === ALL ? undefined : value)}
          data={[
            { value: ALL, label: t('all') },
            ...NOTIFICATION_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) })),
          ]}
        />
        {failure && (
          <Text c="red" fz="sm" role="alert">
            {messageOf(failure)}
          </Text>
        )}
        {list.isPending ? (
          <Skeleton h={200} />
        ) : list.isError ? (
          <Alert color="red">{messageOf(list.error)}</Alert>
        ) : list.data.data.length === 0 ? (
          <EmptyState title={t('empty')} description={t('emptyHint')} size="sm" />
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0}>
            {list.data.data.map((notification) => (
              <NotificationRow
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
          page={params.page}
          onChange={(page) => params.setParam('page', String(page))}
          label={t('pagination')}
        />
        <MailPreferences />
      </Stack>
    </>
  );
}

function NotificationRow({
  notification: { kind, title, body, link, created_at, read },
  onRead,
}: {
  notification: Notification;
  onRead: () => void;
}) {
  const { t } = useTranslation('notifications');
  const dates = useDateFormat();
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <NotificationKindBadge kind={kind} label={t(`kinds.${kind}`)} />
            {!read && (
              <Text fz="xs" c="red.8" fw={700}>
                {t('unread')}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {dates.dateTime(created_at)}
            </Text>
          </Group>
          <Text fw={read ? 500 : 700}>{title}</Text>
          <Text fz="sm" c="dimmed">
            {body}
          </Text>
          {link && (
            <Anchor component={Link} to={link} fz="sm" onClick={read ? undefined : onRead}>
              {t('open')}
            </Anchor>
          )}
        </Stack>
        {!read && (
          <Button
            variant="light"
            size="compact-xs"
            style={{ flexShrink: 0 }}
            onClick={onRead}
            aria-label={t('markReadOf', { title })}
          >
            {t('markRead')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

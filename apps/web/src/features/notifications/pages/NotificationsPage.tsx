import { NOTIFICATION_KINDS } from '@despacho/domain';
import { Alert, Button, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ListPagination } from '../../../ui/ListPagination';
import { NotificationItem } from '../../../ui/NotificationItem';
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
          page={params.page}
          onChange={(page) => params.setParam('page', String(page))}
          label={t('pagination')}
        />
        <MailPreferences />
      </Stack>
    </>
  );
}

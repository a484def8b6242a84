import { NOTIFICATION_KINDS } from '@despacho/domain';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/useListParams';
import { NotificationList } from '../../../ui/NotificationList';
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
        <NotificationList
          list={list}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          page={params.page}
          onPage={(page) => params.setParam('page', String(page))}
          onRead={(id) => markRead.mutate(id)}
          failure={markAll.error ?? markRead.error}
        />
        <MailPreferences />
      </Stack>
    </>
  );
}

import type { Notification, PageMeta } from '@despacho/domain';
import { Alert, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../lib/server-errors';
import { ListPagination } from './ListPagination';
import { NotificationItem } from './NotificationItem';

/**
 * One page of the user's notifications with their read marks, and the pages under it (the
 * notifications page, the dashboard): waiting, the error, the empty words or the items.
 */
export function NotificationList({
  list,
  pageSize,
  page,
  onPage,
  onRead,
  failure,
}: {
  list: UseQueryResult<{ data: Notification[]; meta: PageMeta }>;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  onRead: (id: string) => void;
  /** A read mark that failed. */
  failure?: unknown;
}) {
  const { t } = useTranslation('notifications');
  return (
    <>
      {failure != null && (
        <Text c="red" fz="sm" role="alert">
          {messageOf(failure)}
        </Text>
      )}
      {list.isPending ? (
        <Stack gap="sm">
          {[1, 2, 3].map((row) => (
            <Skeleton key={row} h={56} />
          ))}
        </Stack>
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
              onRead={() => onRead(notification.id)}
            />
          ))}
        </Stack>
      )}
      <ListPagination
        total={list.data?.meta.total ?? 0}
        pageSize={pageSize}
        page={page}
        onChange={onPage}
        label={t('pagination')}
      />
    </>
  );
}

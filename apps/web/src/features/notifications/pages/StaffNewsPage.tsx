import type { StaffNews } from '@despacho/domain';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { ListPagination } from '../../../ui/ListPagination';
import { PageHeader } from '../../../ui/PageHeader';
import { NewsFormModal } from '../components/NewsFormModal';
import { NEWS_PAGE_SIZE, useEndNews, useStaffNews } from '../api';

/** Whether a news item shows today, will show, or no longer does. */
function stateOf(news: StaffNews, now: number): 'scheduled' | 'current' | 'ended' {
  if (news.ends_at && Date.parse(news.ends_at) <= now) return 'ended';
  return Date.parse(news.starts_at) > now ? 'scheduled' : 'current';
}

/** The news staff published (kind NEWS): publish one, see its audience and dates, end it. */
export function StaffNewsPage() {
  const { t } = useTranslation('notifications');
  const dates = useDateFormat();
  const params = useListParams();
  const list = useStaffNews(params.page);
  const end = useEndNews();
  const [creating, setCreating] = useState(false);
  const now = Date.now();

  const endNews = (news: StaffNews) =>
    end.mutate(news.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('news.ended') }),
      onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
    });

  return (
    <>
      <PageHeader
        title={t('news.title')}
        subtitle={t('news.subtitle')}
        action={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('news.create')}
          </Button>
        }
      />
      <Stack gap="md">
        {list.isPending ? (
          <Skeleton h={200} />
        ) : list.isError ? (
          <Alert color="red">{messageOf(list.error)}</Alert>
        ) : list.data.data.length === 0 ? (
          <Text c="dimmed">{t('news.empty')}</Text>
        ) : (
          <DataTable
            rows={list.data.data}
            rowKey={(news) => news.id}
            label={t('news.title')}
            minWidth={720}
            columns={[
              {
                key: 'title',
                header: t('news.columns.title'),
                cell: (news) => (
                  <Stack gap={0}>
                    <Text fz="sm" fw={600}>
                      {news.title_es}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {news.title_en}
                    </Text>
                  </Stack>
                ),
              },
              {
                key: 'audience',
                header: t('news.columns.audience'),
                cell: (news) => t(`news.audiences.${news.audience ?? 'everyone'}`),
              },
              {
                key: 'dates',
                header: t('news.columns.dates'),
                cell: (news) =>
                  `${dates.dateTime(news.starts_at)} – ${
                    news.ends_at ? dates.dateTime(news.ends_at) : t('news.open')
                  }`,
              },
              {
                key: 'state',
                header: t('news.columns.state'),
                cell: (news) => t(`news.states.${stateOf(news, now)}`),
              },
              {
                key: 'actions',
                header: t('news.columns.actions'),
                cell: (news) =>
                  stateOf(news, now) !== 'ended' && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      loading={end.isPending && end.variables === news.id}
                      onClick={() => endNews(news)}
                      aria-label={t('news.endOf', { title: news.title_es })}
                    >
                      {t('news.end')}
                    </Button>
                  ),
              },
            ]}
          />
        )}
        <ListPagination
          total={list.data?.meta.total ?? 0}
          pageSize={NEWS_PAGE_SIZE}
          page={params.page}
          onChange={(page) => params.setParam('page', String(page))}
          label={t('news.pagination')}
        />
      </Stack>
      <NewsFormModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}

import {
  Alert,
  Badge,
  Group,
  NavLink,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { ListPagination } from '../../../ui/ListPagination';
import { CONVERSATIONS_PAGE_SIZE, useStaffConversations, type StatusFilter } from '../staff-api';
import { useDateFormat } from '../../../lib/dates';

const FILTERS: StatusFilter[] = ['open', 'closed', 'all'];

/** Every organization's consultant chat, latest activity first. */
export function ConversationList({ selectedId }: { selectedId: string | null }) {
  const dates = useDateFormat();
  const { t } = useTranslation('support', { keyPrefix: 'conversations' });
  const [filter, setFilter] = useState<StatusFilter>('open');
  const [page, setPage] = useState(1);
  const list = useStaffConversations(filter, page);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="conversations-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="conversations-title">
          {t('list.title')}
        </Title>
        <SegmentedControl
          aria-label={t('filters.label')}
          value={filter}
          onChange={(value) => {
            setFilter(value as StatusFilter);
            setPage(1);
          }}
          data={FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
          fullWidth
        />
        {list.isPending ? (
          [1, 2, 3].map((row) => <Skeleton key={row} h={52} />)
        ) : list.isError ? (
          <Alert color="red">{messageOf(list.error)}</Alert>
        ) : list.data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('list.empty')}
          </Text>
        ) : (
          <nav aria-label={t('list.title')}>
            {list.data.data.map((conversation) => (
              <NavLink
                key={conversation.id}
                component={Link}
                to={`?conversation=${conversation.id}`}
                active={conversation.id === selectedId}
                label={
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} fz="sm" truncate>
                      {conversation.organization_name}
                    </Text>
                    <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {dates.dateTime(conversation.last_message_at)}
                    </Text>
                  </Group>
                }
                description={
                  <Group gap={6} wrap="nowrap">
                    {conversation.status === 'closed' && (
                      <Badge size="xs" color="gray" variant="light">
                        {t('status.closed')}
                      </Badge>
                    )}
                    <Text fz="xs" c="dimmed" truncate>
                      {conversation.last_message?.body ?? t('list.noMessages')}
                    </Text>
                  </Group>
                }
              />
            ))}
          </nav>
        )}
        <ListPagination
          total={list.data?.meta.total ?? 0}
          pageSize={CONVERSATIONS_PAGE_SIZE}
          page={page}
          onChange={setPage}
          label={t('list.pagination')}
        />
      </Stack>
    </Paper>
  );
}

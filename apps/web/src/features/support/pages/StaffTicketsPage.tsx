import {
  TICKET_AGE_FILTERS,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  type StaffTicketSummary,
} from '@despacho/domain';
import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { PagedList } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { CannedRepliesPanel } from '../components/CannedRepliesPanel';
import { TargetBadge } from '../components/TargetBadge';
import { TicketStatusBadge } from '../components/TicketStatusBadge';
import { TicketTitleCell } from '../components/TicketTitleCell';
import { STAFF_TICKETS_PAGE_SIZE, useStaffTickets } from '../staff-tickets-api';

const ASSIGNEES = ['me', 'unassigned'] as const;
const STATUS_TABS = ['all', ...TICKET_STATUSES] as const;

/**
 * `/staff/tickets`: every organization's tickets, oldest first, by status, category, age and
 * assignee, with first response and resolution against their targets and the average rating.
 */
export function StaffTicketsPage() {
  const { t } = useTranslation('tickets');
  const dates = useDateFormat();
  const list = useListParams();
  const status = list.choice('status', STATUS_TABS, 'opened');
  const category = list.choice('category', TICKET_CATEGORIES);
  const age = list.choice('age', TICKET_AGE_FILTERS);
  const assignee = list.choice('assignee', ASSIGNEES);
  const tickets = useStaffTickets({
    status: status === 'all' ? undefined : status,
    category,
    age,
    assignee,
    page: list.page,
    pageSize: STAFF_TICKETS_PAGE_SIZE,
  });
  const average = tickets.data?.average_rating ?? null;
  const set = (key: string) => (value: string | null) => {
    list.setParam(key, value ?? undefined);
    list.setParam('page', '1');
  };

  return (
    <>
      <PageHeader title={t('staff.title')} subtitle={t('staff.subtitle')} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <SegmentedFilter
              aria-label={t('filters.status')}
              value={status}
              onChange={set('status')}
              data={STATUS_TABS.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            />
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('filters.category')}
                placeholder={t('filters.allCategories')}
                data={TICKET_CATEGORIES.map((value) => ({
                  value,
                  label: t(`categories.${value}`),
                }))}
                value={category ?? null}
                onChange={set('category')}
                clearable
                w={240}
              />
              <Select
                label={t('staff.filters.age')}
                placeholder={t('staff.filters.anyAge')}
                data={TICKET_AGE_FILTERS.map((value) => ({
                  value,
                  label: t(`staff.filters.ages.${value}`),
                }))}
                value={age ?? null}
                onChange={set('age')}
                clearable
                w={180}
              />
              <Select
                label={t('staff.filters.assignee')}
                placeholder={t('staff.filters.anyone')}
                data={ASSIGNEES.map((value) => ({ value, label: t(`staff.filters.${value}`) }))}
                value={assignee ?? null}
                onChange={set('assignee')}
                clearable
                w={180}
              />
              <Text fz="sm" c="dimmed" ml="auto">
                {average === null
                  ? t('staff.noRating')
                  : t('staff.averageRating', { rating: average })}
              </Text>
            </Group>
            <PagedList
              query={tickets}
              empty={t('staff.table.empty')}
              loadingHeight={160}
              page={list.page}
              onPageChange={(page) => list.setParam('page', String(page))}
              pagesLabel={t('staff.table.pages')}
            >
              {(rows: StaffTicketSummary[]) => (
                <DataTable
                  rows={rows}
                  rowKey={(row) => row.id}
                  rowTo={(row) => `/staff/tickets/${row.id}`}
                  minWidth={1100}
                  columns={[
                    {
                      key: 'ticket',
                      header: t('staff.table.ticket'),
                      cell: (row) => (
                        <TicketTitleCell
                          to={`/staff/tickets/${row.id}`}
                          number={row.number}
                          title={row.title}
                        />
                      ),
                    },
                    {
                      key: 'organization',
                      header: t('staff.table.organization'),
                      cell: (row) => row.organization_name,
                    },
                    {
                      key: 'status',
                      header: t('staff.table.status'),
                      cell: (row) => <TicketStatusBadge status={row.status} />,
                    },
                    {
                      key: 'category',
                      header: t('staff.table.category'),
                      cell: (row) => t(`categories.${row.category}`),
                    },
                    {
                      key: 'assignee',
                      header: t('staff.table.assignee'),
                      cell: (row) => row.assignee?.name ?? t('staff.detail.nobody'),
                    },
                    {
                      key: 'firstResponse',
                      header: t('staff.table.firstResponse'),
                      cell: (row) => <TargetBadge timing={row.first_response} />,
                    },
                    {
                      key: 'resolution',
                      header: t('staff.table.resolution'),
                      cell: (row) => <TargetBadge timing={row.resolution} />,
                    },
                    {
                      key: 'opened',
                      header: t('staff.table.opened'),
                      cell: (row) => dates.dateTime(row.created_at),
                    },
                  ]}
                />
              )}
            </PagedList>
          </Stack>
        </Paper>
        <CannedRepliesPanel />
      </Stack>
    </>
  );
}

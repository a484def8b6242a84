import {
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketStatus,
  type TicketSummary,
} from '@despacho/domain';
import { Button, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { DateRangeFields, isReversedRange } from '../../../ui/DateRangeFields';
import { ListPage } from '../../../ui/ListPage';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { NewTicketModal } from '../components/NewTicketModal';
import { TicketStatusBadge } from '../components/TicketStatusBadge';
import { TicketTitleCell } from '../components/TicketTitleCell';
import { TICKETS_PAGE_SIZE, useTickets } from '../tickets-api';

const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * `support/tickets`: the organization's tickets by status tab, category, search and dates, each
 * row opening its conversation; "Abrir ticket" opens one.
 */
export function TicketsPage() {
  const { t } = useTranslation('tickets');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const list = useListParams();
  const [creating, setCreating] = useState(false);
  const status = oneOf<TicketStatus>(TICKET_STATUSES, list.params.get('status'));
  const category = oneOf<TicketCategory>(TICKET_CATEGORIES, list.params.get('category'));
  const from = list.params.get('from') ?? undefined;
  const to = list.params.get('to') ?? undefined;
  const reversed = isReversedRange(from, to);
  const tickets = useTickets({
    status,
    category,
    search: list.debouncedSearch || undefined,
    from: reversed ? undefined : from,
    to: reversed ? undefined : to,
    page: list.page,
    pageSize: TICKETS_PAGE_SIZE,
  });
  const filtered = Boolean(list.debouncedSearch || status || category || from || to);

  return (
    <>
      <ListPage
        title={nav('screens.supportTickets.title')}
        breadcrumbs={[
          { label: nav('modules.help') },
          { label: nav('screens.supportTickets.title') },
        ]}
        subtitle={t('subtitle')}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            {t('actions.open')}
          </Button>
        }
        list={list}
        search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
        filters={
          <Stack gap="sm" w="100%">
            <SegmentedFilter
              aria-label={t('filters.status')}
              value={status ?? 'all'}
              onChange={(value) => list.setParam('status', value === 'all' ? undefined : value)}
              data={['all', ...TICKET_STATUSES].map((value) => ({
                value,
                label: t(`statuses.${value}`),
              }))}
            />
            <Select
              label={t('filters.category')}
              placeholder={t('filters.allCategories')}
              data={TICKET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
              value={category ?? null}
              onChange={(value) => list.setParam('category', value ?? undefined)}
              clearable
              w={260}
            />
            <DateRangeFields
              from={from}
              to={to}
              labels={{ from: t('filters.from'), to: t('filters.to') }}
              rangeError={t('filters.range')}
              onChange={(key, value) => list.setParam(key, value)}
            />
          </Stack>
        }
        query={tickets}
        empty={filtered ? t('filters.empty') : t('empty')}
        loadingHeight={240}
        pagesLabel={t('table.pages')}
      >
        {(rows: TicketSummary[]) => (
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            rowTo={(row) => `/app/support/ticket/${row.id}`}
            minWidth={760}
            columns={[
              {
                key: 'number',
                header: t('table.number'),
                cell: (row) => (
                  <TicketTitleCell
                    to={`/app/support/ticket/${row.id}`}
                    number={row.number}
                    title={row.title}
                  />
                ),
              },
              {
                key: 'status',
                header: t('table.status'),
                cell: (row) => <TicketStatusBadge status={row.status} />,
              },
              {
                key: 'category',
                header: t('table.category'),
                cell: (row) => t(`categories.${row.category}`),
              },
              {
                key: 'opened',
                header: t('table.opened'),
                cell: (row) => dates.dateTime(row.created_at),
              },
              {
                key: 'activity',
                header: t('table.activity'),
                cell: (row) => dates.dateTime(row.last_activity_at),
              },
            ]}
          />
        )}
      </ListPage>
      <NewTicketModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}

import { ENTRY_STATUSES, type EntryListItem, type EntryStatus } from '@despacho/domain';
import { Anchor, Button, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { ListPage } from '../../../ui/ListPage';
import { ENTRIES_PAGE_SIZE, useEntries, useEntryWarehouses } from '../api';
import { EntryStatusBadge } from '../components/EntryStatusBadge';

/**
 * `products/entry`: the organization's warehouse entries (search by number or reference, status,
 * warehouse and page in the URL), each row opening its detail.
 */
export function EntriesPage() {
  const { t } = useTranslation('entries');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const list = useListParams();
  const status = list.params.get('status');
  const warehouseId = list.params.get('warehouse') ?? undefined;
  const warehouses = useEntryWarehouses().data ?? [];
  const entries = useEntries({
    search: list.debouncedSearch || undefined,
    status: ENTRY_STATUSES.includes(status as EntryStatus) ? (status as EntryStatus) : undefined,
    warehouse_id: warehouseId,
    page: list.page,
    pageSize: ENTRIES_PAGE_SIZE,
  });
  const filtered = Boolean(list.debouncedSearch || status || warehouseId);

  return (
    <ListPage
      title={nav('screens.productsEntry.title')}
      breadcrumbs={[
        { label: nav('modules.warehousing') },
        { label: nav('screens.productsEntry.title') },
      ]}
      subtitle={t('subtitle')}
      action={
        <Button
          component={Link}
          to="/app/products/create-entry"
          leftSection={<IconPlus size={18} />}
        >
          {t('actions.create')}
        </Button>
      }
      list={list}
      search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
      filters={
        <>
          <Select
            label={t('filters.status')}
            placeholder={t('filters.allStatuses')}
            data={ENTRY_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            value={status}
            onChange={(value) => list.setParam('status', value ?? undefined)}
            clearable
            w={200}
          />
          <Select
            label={t('filters.warehouse')}
            placeholder={t('filters.allWarehouses')}
            data={warehouses.map((location) => ({ value: location.id, label: location.name }))}
            value={warehouseId ?? null}
            onChange={(value) => list.setParam('warehouse', value ?? undefined)}
            clearable
            w={240}
          />
        </>
      }
      query={entries}
      empty={filtered ? t('filters.empty') : t('empty')}
      loadingHeight={240}
      pagesLabel={t('table.pages')}
    >
      {(rows: EntryListItem[]) => (
        <DataTable
          rows={rows}
          rowKey={(row) => row.id}
          rowTo={(row) => `/app/products/entry-detail/${row.id}`}
          minWidth={860}
          columns={[
            {
              key: 'number',
              header: t('table.number'),
              cell: (row) => (
                <Stack gap={0}>
                  <Anchor
                    component={Link}
                    to={`/app/products/entry-detail/${row.id}`}
                    fw={600}
                    fz="sm"
                  >
                    {row.number}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {row.reference ?? t('table.noReference')}
                  </Text>
                </Stack>
              ),
            },
            // Beside the number: on a phone the table scrolls sideways, the status stays in view.
            {
              key: 'status',
              header: t('table.status'),
              cell: (row) => <EntryStatusBadge status={row.status} />,
            },
            { key: 'warehouse', header: t('table.warehouse'), cell: (row) => row.warehouse.name },
            {
              key: 'expectedDate',
              header: t('table.expectedDate'),
              cell: (row) => dates.day(row.expected_date),
            },
            {
              key: 'lines',
              header: t('table.lines'),
              align: 'right',
              cell: (row) => row.lines_count,
            },
            {
              key: 'progress',
              header: t('table.progress'),
              align: 'right',
              cell: (row) => `${row.received_total} / ${row.expected_total}`,
            },
          ]}
        />
      )}
    </ListPage>
  );
}

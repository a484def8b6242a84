import { ENTRY_STATUSES, type EntryStatus } from '@despacho/domain';
import { Anchor, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { DateRangeFields, isReversedRange } from '../../../ui/DateRangeFields';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { WarehouseLabel } from '../../../ui/WarehouseLabel';
import { ReceivingEntryPanel } from '../components/receiving/ReceivingEntryPanel';
import { RECEIVING_PAGE_SIZE, useReceivingQueue } from '../receiving-api';
import { useWarehouses } from '../../../lib/api/staff-warehouses';

/**
 * `/staff/receiving`: the entries to receive by warehouse and expected date (filters and the open
 * entry in the URL); the open entry is counted, its incidents recorded and it is closed below.
 */
export function ReceivingPage() {
  const { t } = useTranslation('entries');
  const dates = useDateFormat();
  const list = useListParams();
  const warehouseId = list.params.get('warehouse') ?? undefined;
  const statusParam = list.params.get('status');
  const status = ENTRY_STATUSES.includes(statusParam as EntryStatus)
    ? (statusParam as EntryStatus)
    : undefined;
  const from = list.params.get('from') ?? undefined;
  const to = list.params.get('to') ?? undefined;
  const openId = list.params.get('entry');
  const warehouses = useWarehouses();
  const reversed = isReversedRange(from, to);
  const queue = useReceivingQueue({
    warehouse_id: warehouseId,
    status,
    from: reversed ? undefined : from,
    to: reversed ? undefined : to,
    page: list.page,
    pageSize: RECEIVING_PAGE_SIZE,
  });
  const entryLink = (id: string) => {
    const params = new URLSearchParams(list.params);
    params.set('entry', id);
    return `/staff/receiving?${params.toString()}`;
  };

  return (
    <>
      <PageHeader title={t('receiving.title')} subtitle={t('receiving.subtitle')} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <Stack
              gap="sm"
              style={{ flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-end' }}
            >
              <Select
                label={t('filters.warehouse')}
                placeholder={t('filters.allWarehouses')}
                data={(warehouses.data ?? []).map((warehouse) => ({
                  value: warehouse.id,
                  label: warehouse.name,
                }))}
                value={warehouseId ?? null}
                onChange={(value) => list.setParam('warehouse', value ?? undefined)}
                clearable
                w={240}
              />
              <Select
                label={t('filters.status')}
                placeholder={t('receiving.toReceive')}
                data={ENTRY_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
                value={status ?? null}
                onChange={(value) => list.setParam('status', value ?? undefined)}
                clearable
                w={200}
              />
              <DateRangeFields
                from={from}
                to={to}
                labels={{ from: t('receiving.from'), to: t('receiving.to') }}
                rangeError={t('receiving.rangeError')}
                onChange={(key, value) => list.setParam(key, value)}
              />
            </Stack>
            <PagedList
              query={queue}
              empty={t('receiving.empty')}
              loadingHeight={200}
              page={list.page}
              onPageChange={(next) => list.setParam('page', String(next))}
              pagesLabel={t('table.pages')}
            >
              {(rows) => (
                <DataTable
                  rows={rows}
                  rowKey={(row) => row.id}
                  rowTo={(row) => entryLink(row.id)}
                  minWidth={820}
                  columns={[
                    {
                      key: 'number',
                      header: t('table.number'),
                      cell: (row) => (
                        <Anchor component={Link} to={entryLink(row.id)} fw={600} fz="sm">
                          {row.number}
                        </Anchor>
                      ),
                    },
                    {
                      key: 'organization',
                      header: t('receiving.merchant'),
                      cell: (row) => row.organization.name,
                    },
                    {
                      key: 'warehouse',
                      header: t('table.warehouse'),
                      cell: (row) => <WarehouseLabel warehouse={row.warehouse} />,
                    },
                    {
                      key: 'expectedDate',
                      header: t('table.expectedDate'),
                      cell: (row) => dates.day(row.expected_date),
                    },
                    {
                      key: 'status',
                      header: t('table.status'),
                      cell: (row) => t(`statuses.${row.status}`),
                    },
                    {
                      key: 'progress',
                      header: t('table.progress'),
                      align: 'right',
                      cell: (row) => (
                        <Text fz="sm">
                          {row.received_total} / {row.expected_total}
                        </Text>
                      ),
                    },
                  ]}
                />
              )}
            </PagedList>
          </Stack>
        </Paper>
        {openId && (
          <Paper withBorder radius="lg" p="md">
            <ReceivingEntryPanel id={openId} />
          </Paper>
        )}
      </Stack>
    </>
  );
}

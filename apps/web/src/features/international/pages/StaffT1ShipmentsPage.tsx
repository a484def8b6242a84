import {
  T1_CUSTOMS_STATUSES,
  T1_CUSTOMS_TRANSITIONS,
  type StaffT1ShipmentSummary,
} from '@despacho/domain';
import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { useCountryName } from '../../../ui/countries';
import { DataTable } from '../../../ui/DataTable';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PagedList } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { RowActions } from '../../../ui/RowActions';
import { CustomsStatusBadge } from '../components/CustomsStatusBadge';
import { CustomsStatusDialog } from '../components/staff/CustomsStatusDialog';
import { STAFF_TABLE_PAGE_SIZE, useStaffT1Shipments } from '../staff-api';

/**
 * `/staff/international/shipments`: every organization's T1 shipments, by customs status and a
 * search, and the move of a shipment's customs status as the courier reports it (the merchant
 * reads it on the shipment's page and is notified).
 */
export function StaffT1ShipmentsPage() {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const countryName = useCountryName();
  const list = useListParams();
  const status = list.choice('customs_status', T1_CUSTOMS_STATUSES);
  const [moving, setMoving] = useState<StaffT1ShipmentSummary | null>(null);
  const shipments = useStaffT1Shipments({
    customs_status: status,
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: STAFF_TABLE_PAGE_SIZE,
  });

  return (
    <>
      <PageHeader title={t('staff.shipments.title')} subtitle={t('staff.shipments.subtitle')} />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Group align="flex-end" wrap="wrap">
            <ListSearchInput
              search={list.search}
              setSearch={list.setSearch}
              setParam={list.setParam}
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              flex="1 1 260px"
            />
            <Select
              label={t('list.columns.customs')}
              placeholder={t('list.directions.all')}
              clearable
              data={T1_CUSTOMS_STATUSES.map((value) => ({
                value,
                label: t(`customsStatuses.${value}`),
              }))}
              value={status ?? null}
              onChange={(value) => list.setParam('customs_status', value ?? undefined)}
              w={240}
            />
          </Group>
          <PagedList
            query={shipments}
            page={list.page}
            onPageChange={(next) => list.setParam('page', String(next))}
            pagesLabel={t('list.pages')}
            empty={t('staff.shipments.empty')}
          >
            {(rows) => (
              <DataTable<StaffT1ShipmentSummary>
                rows={rows}
                rowKey={(row) => row.id}
                label={t('staff.shipments.title')}
                minWidth={960}
                cardsBelow="xs"
                columns={[
                  {
                    key: 'tracking',
                    header: t('list.columns.tracking'),
                    cardTitle: true,
                    cell: (row) => (
                      <Text fz="sm" ff="monospace" fw={600}>
                        {row.tracking_number ?? t('list.noTracking')}
                      </Text>
                    ),
                  },
                  {
                    key: 'organization',
                    header: t('staff.shipments.organization'),
                    cell: (row) => <Text fz="sm">{row.organization.name}</Text>,
                  },
                  {
                    key: 'direction',
                    header: t('list.columns.direction'),
                    cell: (row) =>
                      `${t(`list.directions.${row.direction}`)} · ${countryName(row.abroad_country)}`,
                  },
                  {
                    key: 'carrier',
                    header: t('list.columns.carrier'),
                    cell: (row) => `${row.carrier_name} ${row.service_name}`,
                  },
                  {
                    key: 'customs',
                    header: t('list.columns.customs'),
                    cell: (row) => <CustomsStatusBadge status={row.customs_status} size="sm" />,
                  },
                  {
                    key: 'created',
                    header: t('list.columns.created'),
                    cell: (row) => dates.date(row.created_at),
                  },
                  {
                    key: 'actions',
                    header: t('staff.actions'),
                    hideHeader: true,
                    cell: (row) => (
                      <RowActions
                        actions={[
                          {
                            label: t('staff.shipments.moveOne', {
                              tracking: row.tracking_number ?? row.id,
                            }),
                            tooltip: t('staff.shipments.move'),
                            icon: <IconArrowsExchange size={18} />,
                            hidden: T1_CUSTOMS_TRANSITIONS[row.customs_status].length === 0,
                            onClick: () => setMoving(row),
                          },
                        ]}
                      />
                    ),
                  },
                ]}
              />
            )}
          </PagedList>
        </Stack>
      </Paper>
      <CustomsStatusDialog shipment={moving} onClose={() => setMoving(null)} />
    </>
  );
}

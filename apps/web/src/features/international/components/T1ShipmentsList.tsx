import { formatMoney, T1_DIRECTIONS, type T1ShipmentSummary } from '@despacho/domain';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconWorldUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { useCountryName } from '../../../ui/countries';
import { DataTable } from '../../../ui/DataTable';
import { EmptyListState } from '../../../ui/EmptyListState';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PagedList } from '../../../ui/PagedList';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { T1_PAGE_SIZE, useT1Shipments } from '../api';
import { CREATE_T1_PATH, t1DetailPath } from '../paths';
import { CustomsStatusBadge } from './CustomsStatusBadge';

const ALL = 'all';

/**
 * The merchant's international shipments, newest first, by direction and a search over the
 * tracking number, the contact or company abroad and the reference; a row opens its page.
 */
export function T1ShipmentsList() {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const countryName = useCountryName();
  const list = useListParams();
  const direction = list.choice('direction', T1_DIRECTIONS);
  const shipments = useT1Shipments({
    direction,
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: T1_PAGE_SIZE,
  });
  const filtered = Boolean(direction || list.debouncedSearch);

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <SegmentedFilter
            aria-label={t('list.direction')}
            value={direction ?? ALL}
            onChange={(value) => list.setParam('direction', value === ALL ? undefined : value)}
            data={[ALL, ...T1_DIRECTIONS].map((value) => ({
              value,
              label: t(`list.directions.${value}`),
            }))}
          />
          <ListSearchInput
            search={list.search}
            setSearch={list.setSearch}
            setParam={list.setParam}
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            flex="1 1 260px"
          />
        </Group>
        <PagedList
          query={shipments}
          page={list.page}
          onPageChange={(next) => list.setParam('page', String(next))}
          pagesLabel={t('list.pages')}
          empty={
            filtered ? (
              t('list.noMatch')
            ) : (
              <EmptyListState
                title={t('list.emptyTitle')}
                text={t('list.emptyText')}
                action={{
                  label: t('list.create'),
                  to: CREATE_T1_PATH,
                  icon: <IconWorldUpload size={16} />,
                }}
              />
            )
          }
        >
          {(rows) => (
            <DataTable<T1ShipmentSummary>
              rows={rows}
              rowKey={(row) => row.id}
              rowTo={(row) => t1DetailPath(row.id)}
              label={t('list.label')}
              minWidth={900}
              cardsBelow="xs"
              columns={[
                {
                  key: 'tracking',
                  header: t('list.columns.tracking'),
                  cardTitle: true,
                  cell: (row) => (
                    <Anchor component={Link} to={t1DetailPath(row.id)} fz="sm" ff="monospace">
                      {row.tracking_number ?? t('list.noTracking')}
                    </Anchor>
                  ),
                },
                {
                  key: 'direction',
                  header: t('list.columns.direction'),
                  cell: (row) => (
                    <Text fz="sm">
                      {t(`list.directions.${row.direction}`)} · {countryName(row.abroad_country)}
                    </Text>
                  ),
                },
                {
                  key: 'abroad',
                  header: t('list.columns.abroad'),
                  cell: (row) => <Text fz="sm">{row.abroad_name}</Text>,
                },
                {
                  key: 'carrier',
                  header: t('list.columns.carrier'),
                  cell: (row) => <Text fz="sm">{`${row.carrier_name} ${row.service_name}`}</Text>,
                },
                {
                  key: 'customs',
                  header: t('list.columns.customs'),
                  cell: (row) => <CustomsStatusBadge status={row.customs_status} size="sm" />,
                },
                {
                  key: 'invoice',
                  header: t('list.columns.invoice'),
                  align: 'right',
                  cell: (row) => formatMoney(row.invoice_total_cents, row.currency),
                },
                {
                  key: 'cost',
                  header: t('list.columns.cost'),
                  align: 'right',
                  cell: (row) => formatMoney(row.cost),
                },
                {
                  key: 'created',
                  header: t('list.columns.created'),
                  cell: (row) => dates.date(row.created_at),
                },
              ]}
            />
          )}
        </PagedList>
      </Stack>
    </Paper>
  );
}

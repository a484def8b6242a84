import {
  dutyRateInputSchema,
  formatMoney,
  T1_DIRECTIONS,
  type DutyRateInput,
  type DutyRateView,
  type ExchangeRateView,
} from '@despacho/domain';
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { useCountryName } from '../../../ui/countries';
import { DataTable } from '../../../ui/DataTable';
import { EntityDrawer } from '../../../ui/EntityDrawer';
import { PagedList } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { RowActions } from '../../../ui/RowActions';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { DutyRateForm } from '../components/staff/DutyRateForm';
import { canEnd, EffectiveDates } from '../components/staff/EffectiveDates';
import { EndValidityDialog } from '../components/staff/EndValidityDialog';
import { ExchangeRateForm } from '../components/staff/ExchangeRateForm';
import {
  STAFF_TABLE_PAGE_SIZE,
  staffInternationalApi,
  useDutyRates,
  useExchangeRates,
  useSaveRow,
} from '../staff-api';

const ALL = 'all';
const usd = (cents: number) => formatMoney(cents, 'USD');

/** A band as its form takes it, to save it again with a last day. */
const dutyRateInput = (row: DutyRateView): DutyRateInput => ({
  direction: row.direction,
  country: row.country,
  min_value_usd: (row.min_value_usd_cents / 100).toFixed(2),
  max_value_usd:
    row.max_value_usd_cents === null ? null : (row.max_value_usd_cents / 100).toFixed(2),
  rate_percent: row.rate_percent,
  label: row.label,
  source: row.source,
  effective_from: row.effective_from,
  effective_to: row.effective_to,
});

/**
 * `/staff/international/rates`: the duty bands the T1 estimate reads (direction, country, value
 * range in USD, rate, source) and the USD→MXN exchange rates, each with its effective dates.
 * Rows are added and their validity ended, never deleted, so an estimate keeps its basis.
 */
export function StaffRatesPage() {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const [direction, setDirection] = useState<string>(ALL);
  const [inForce, setInForce] = useState(false);
  const [page, setPage] = useState(1);
  const [exchangePage, setExchangePage] = useState(1);
  const [adding, setAdding] = useState<'rate' | 'exchange' | null>(null);
  const [ending, setEnding] = useState<DutyRateView | null>(null);
  const end = useSaveRow(({ id, values }: { id: string; values: DutyRateInput }) =>
    staffInternationalApi.updateDutyRate(id, values),
  );
  const rates = useDutyRates({
    direction: direction === ALL ? undefined : (direction as DutyRateView['direction']),
    on: inForce ? dates.today() : undefined,
    page,
    pageSize: STAFF_TABLE_PAGE_SIZE,
  });
  const exchange = useExchangeRates(exchangePage);
  const countryName = useCountryName();
  const countryLabel = (country: string) =>
    country === '*' ? t('staff.rates.anyCountry') : countryName(country);

  return (
    <>
      <PageHeader title={t('staff.rates.title')} subtitle={t('staff.rates.subtitle')} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="duty-rates">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz="lg" id="duty-rates">
                {t('staff.rates.bands')}
              </Title>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding('rate')}>
                {t('staff.rates.add')}
              </Button>
            </Group>
            <Group align="center" wrap="wrap">
              <SegmentedFilter
                aria-label={t('staff.fields.direction')}
                value={direction}
                onChange={(value) => {
                  setDirection(value);
                  setPage(1);
                }}
                data={[ALL, ...T1_DIRECTIONS].map((value) => ({
                  value,
                  label: t(`list.directions.${value}`),
                }))}
              />
              <Checkbox
                label={t('staff.inForceToday')}
                checked={inForce}
                onChange={(event) => {
                  setInForce(event.currentTarget.checked);
                  setPage(1);
                }}
              />
            </Group>
            <PagedList
              query={rates}
              page={page}
              onPageChange={setPage}
              pagesLabel={t('staff.pages')}
              empty={t('staff.rates.empty')}
            >
              {(rows) => (
                <DataTable<DutyRateView>
                  rows={rows}
                  rowKey={(row) => row.id}
                  label={t('staff.rates.bands')}
                  minWidth={1000}
                  cardsBelow="xs"
                  columns={[
                    {
                      key: 'label',
                      header: t('staff.fields.label'),
                      cardTitle: true,
                      cell: (row) => (
                        <Text fz="sm" fw={600}>
                          {row.label}
                        </Text>
                      ),
                    },
                    {
                      key: 'scope',
                      header: t('staff.rates.appliesTo'),
                      cell: (row) =>
                        `${t(`list.directions.${row.direction}`)} · ${countryLabel(row.country)}`,
                    },
                    {
                      key: 'range',
                      header: t('staff.rates.range'),
                      cell: (row) =>
                        row.max_value_usd_cents === null
                          ? t('staff.rates.from', { min: usd(row.min_value_usd_cents) })
                          : t('staff.rates.between', {
                              min: usd(row.min_value_usd_cents),
                              max: usd(row.max_value_usd_cents),
                            }),
                    },
                    {
                      key: 'rate',
                      header: t('staff.fields.rate_percent'),
                      align: 'right',
                      width: 96,
                      cell: (row) => `${row.rate_percent} %`,
                    },
                    {
                      key: 'dates',
                      header: t('staff.validity.title'),
                      cell: (row) => (
                        <EffectiveDates from={row.effective_from} to={row.effective_to} />
                      ),
                    },
                    {
                      key: 'source',
                      header: t('staff.fields.source'),
                      cell: (row) => (
                        <Text fz="xs" c="dimmed" lineClamp={2}>
                          {row.source}
                        </Text>
                      ),
                    },
                    {
                      key: 'actions',
                      header: t('staff.actions'),
                      hideHeader: true,
                      cell: (row) => (
                        <RowActions
                          actions={[
                            {
                              label: t('staff.end.action', { name: row.label }),
                              tooltip: t('staff.end.title'),
                              icon: <IconCalendarOff size={18} />,
                              color: 'red',
                              hidden: !canEnd(row.effective_to, dates.today()),
                              onClick: () => setEnding(row),
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

        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="exchange-rates">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz="lg" id="exchange-rates">
                {t('staff.exchange.title')}
              </Title>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding('exchange')}
              >
                {t('staff.exchange.add')}
              </Button>
            </Group>
            <Text fz="sm" c="dimmed">
              {t('staff.exchange.text')}
            </Text>
            <PagedList
              query={exchange}
              page={exchangePage}
              onPageChange={setExchangePage}
              pagesLabel={t('staff.pages')}
              empty={t('staff.exchange.empty')}
            >
              {(rows) => (
                <DataTable<ExchangeRateView>
                  rows={rows}
                  rowKey={(row) => row.id}
                  label={t('staff.exchange.title')}
                  minWidth={560}
                  cardsBelow="xs"
                  columns={[
                    {
                      key: 'from',
                      header: t('staff.fields.effective_from'),
                      cell: (row) => dates.day(row.effective_from),
                    },
                    {
                      key: 'rate',
                      header: t('staff.fields.usd_mxn'),
                      align: 'right',
                      cell: (row) => (
                        <Text fz="sm" ff="monospace">
                          {row.usd_mxn}
                        </Text>
                      ),
                    },
                    {
                      key: 'source',
                      header: t('staff.fields.source'),
                      cell: (row) => (
                        <Text fz="xs" c="dimmed">
                          {row.source}
                        </Text>
                      ),
                    },
                  ]}
                />
              )}
            </PagedList>
          </Stack>
        </Paper>
      </Stack>

      <EntityDrawer
        opened={adding === 'rate'}
        onClose={() => setAdding(null)}
        title={t('staff.rates.add')}
        closeLabel={t('staff.close')}
      >
        <DutyRateForm onDone={() => setAdding(null)} />
      </EntityDrawer>
      <EntityDrawer
        opened={adding === 'exchange'}
        onClose={() => setAdding(null)}
        title={t('staff.exchange.add')}
        closeLabel={t('staff.close')}
        surface="modal"
      >
        <ExchangeRateForm onDone={() => setAdding(null)} />
      </EntityDrawer>
      <EndValidityDialog
        schema={dutyRateInputSchema}
        row={ending && dutyRateInput(ending)}
        summary={
          ending
            ? t('staff.end.rateSummary', {
                label: ending.label,
                rate: ending.rate_percent,
                from: dates.day(ending.effective_from),
              })
            : ''
        }
        save={(values) => end.mutateAsync({ id: ending!.id, values })}
        onClose={() => setEnding(null)}
      />
    </>
  );
}

import '@mantine/charts/styles.css';
import {
  CARRIERS,
  formatMoney,
  SPEND_CAUSES,
  type DashboardCharts as Charts,
  type DashboardPeriod,
} from '@despacho/domain';
import { BarChart, BarsList } from '@mantine/charts';
import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useDashboardCharts } from '../api';
import { perDay, seriesColor, type ChartSeries } from '../chart-data';
import { ChartCard, type ChartTable } from './ChartCard';

const count = new Intl.NumberFormat('es-MX');
const money = (centavos: number) => formatMoney(centavos, 'MXN');
/** The spend axis's ticks: whole pesos, written as `formatMoney` writes amounts. */
const wholePesos = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  maximumFractionDigits: 0,
}).format;

/**
 * A per-day chart's card: the series stacked per day, and its hidden table (a row per day, a
 * column per series).
 */
function PerDayCard({
  title,
  emptyText,
  empty,
  chart,
  dayLabel,
  dayHead,
  format,
  axis = format,
  counts = false,
}: {
  title: string;
  emptyText: string;
  empty: boolean;
  chart: ReturnType<typeof perDay>;
  dayLabel: (day: string) => string;
  dayHead: string;
  format: (value: number) => string;
  /** The value axis's ticks, when shorter than `format` (pesos without centavos). */
  axis?: (value: number) => string;
  /** Whole things (guides, orders): no ticks between 0 and 1. */
  counts?: boolean;
}) {
  const table: ChartTable = {
    head: [dayHead, ...chart.series.map((series) => series.label)],
    rows: chart.rows.map((row) => [
      dayLabel(String(row.day)),
      ...chart.series.map((series) => format(Number(row[series.name]))),
    ]),
  };
  return (
    <ChartCard title={title} empty={empty} emptyText={emptyText} table={table}>
      <BarChart
        h={240}
        data={chart.rows}
        dataKey="day"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        // A long series name (a store's address) wraps inside a phone's width.
        styles={{
          legend: { flexWrap: 'wrap' },
          legendItem: { maxWidth: '100%' },
          legendItemName: { overflowWrap: 'anywhere' },
        }}
        xAxisProps={{ tickFormatter: dayLabel }}
        yAxisProps={{ allowDecimals: !counts, tickFormatter: axis }}
        valueFormatter={format}
        // Hidden from assistive technology (the card's table says the same): not focusable.
        barChartProps={{ accessibilityLayer: false }}
        series={chart.series.map((series: ChartSeries, index) => ({
          name: series.name,
          label: series.label,
          color: seriesColor(index),
        }))}
      />
    </ChartCard>
  );
}

/** The period's charts (issue 23): guides by carrier, spend by cause, orders by store, states. */
export function DashboardCharts({ period }: { period: DashboardPeriod }) {
  const { t, i18n } = useTranslation('dashboard');
  const charts = useDashboardCharts(period);
  if (charts.isError) {
    return (
      <Alert color="red" title={t('charts.error')}>
        {messageOf(charts.error)}
      </Alert>
    );
  }
  if (!charts.data) return <Skeleton h={280} radius="lg" />;
  const data: Charts = charts.data;
  const days = data.ranges.current;
  const dayFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const perDayProps = { dayLabel, dayHead: t('charts.day') };

  const shipments = perDay(
    data.shipments_per_day,
    days,
    (row) => ({
      name: row.carrier,
      label: CARRIERS.find((carrier) => carrier.key === row.carrier)?.name ?? row.carrier,
    }),
    (row) => row.count,
  );
  // Every cause the ledger knows is drawn, so none is mistaken for missing.
  const spend = perDay(
    [
      ...SPEND_CAUSES.map((cause) => ({ day: days.from, cause, centavos: 0 })),
      ...data.spend_per_day,
    ],
    days,
    (row) => ({ name: row.cause, label: t(`charts.causes.${row.cause}`) }),
    (row) => row.centavos / 100,
  );
  const orders = perDay(
    data.orders_per_day,
    days,
    (row) => ({
      name: row.store?.id ?? 'manual',
      label: row.store?.name ?? t('charts.manualOrders'),
    }),
    (row) => row.count,
  );
  const pesos = (value: number) => money(Math.round(value * 100));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <PerDayCard
        {...perDayProps}
        title={t('charts.shipments')}
        empty={data.shipments_per_day.length === 0}
        emptyText={t('charts.noShipments')}
        chart={shipments}
        format={count.format}
        counts
      />
      <PerDayCard
        {...perDayProps}
        title={t('charts.spend')}
        empty={data.spend_per_day.length === 0}
        emptyText={t('charts.noSpend')}
        chart={spend}
        format={pesos}
        axis={wholePesos}
      />
      <PerDayCard
        {...perDayProps}
        title={t('charts.orders')}
        empty={data.orders_per_day.length === 0}
        emptyText={t('charts.noOrders')}
        chart={orders}
        format={count.format}
        counts
      />
      <ChartCard
        title={t('charts.states')}
        empty={data.top_states.length === 0}
        emptyText={t('charts.noShipments')}
        table={{
          head: [t('charts.state'), t('charts.guides')],
          rows: data.top_states.map((row) => [row.state, count.format(row.count)]),
        }}
      >
        <BarsList
          data={data.top_states.map((row) => ({ name: row.state, value: row.count }))}
          valueFormatter={count.format}
          barsLabel={t('charts.state')}
          valueLabel={t('charts.guides')}
          barColor="blue.1"
        />
      </ChartCard>
    </SimpleGrid>
  );
}

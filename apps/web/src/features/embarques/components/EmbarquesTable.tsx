import { formatMoney, type EmbarqueSummary } from '@despacho/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { DataTable, type Column } from '../../../ui/DataTable';
import { MoneyStateBadge, StepBadge } from './EmbarqueBadges';

const place = (at: { place: string; country: string }) => `${at.place}, ${at.country}`;

/**
 * Embarques as both sides list them: reference (and the merchant's own), supplier, mode, route,
 * step, money state, what is owed and the last change. `before` adds columns in front (the
 * merchant's organization in the console).
 */
export function EmbarquesTable<T extends EmbarqueSummary>({
  rows,
  pathOf,
  before = [],
}: {
  rows: T[];
  pathOf: (row: T) => string;
  before?: Column<T>[];
}) {
  const { t } = useTranslation('embarques');
  const dates = useDateFormat();
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      rowTo={pathOf}
      minWidth={1040}
      cardsBelow="xs"
      columns={[
        {
          key: 'reference',
          header: t('list.reference'),
          cardTitle: true,
          cell: (row) => (
            <Stack gap={0}>
              <Anchor
                component={Link}
                to={pathOf(row)}
                fw={600}
                fz="sm"
                style={{ whiteSpace: 'nowrap' }}
              >
                {row.reference}
              </Anchor>
              {row.customer_reference && (
                <Text fz="xs" c="dimmed">
                  {row.customer_reference}
                </Text>
              )}
            </Stack>
          ),
        },
        ...before,
        {
          key: 'supplier',
          header: t('list.supplier'),
          cell: (row) => `${row.supplier.name} (${row.supplier.country})`,
        },
        {
          key: 'mode',
          header: t('list.mode'),
          cell: (row) => `${t(`directions.${row.direction}`)} · ${t(`modes.${row.mode}`)}`,
        },
        {
          key: 'route',
          header: t('list.route'),
          cell: (row) => `${place(row.origin)} → ${place(row.destination)}`,
        },
        { key: 'step', header: t('list.stepColumn'), cell: (row) => <StepBadge step={row.step} /> },
        {
          key: 'money',
          header: t('list.money'),
          cell: (row) => <MoneyStateBadge state={row.money_state} />,
        },
        {
          key: 'owed',
          header: t('list.owed'),
          align: 'right',
          cell: (row) => formatMoney(row.pending_centavos),
        },
        { key: 'updated', header: t('list.updated'), cell: (row) => dates.date(row.updated_at) },
      ]}
    />
  );
}

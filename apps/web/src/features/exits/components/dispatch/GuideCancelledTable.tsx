import { GUIDE_CANCELLED_SHOWN_DAYS, type StaffExitView } from '@despacho/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../lib/dates';
import { DataTable } from '../../../../ui/DataTable';
import { exitColumns, unitsOf } from './dispatch-columns';

/**
 * The dispatch screen's second list: exits that shipped and whose guide the merchant then
 * cancelled (decision 028). The exit is cancelled and its units are back on hand already, but its
 * packed parcel is still at the warehouse: each row tells staff to unpack it and shelve what.
 */
export function GuideCancelledTable({ rows }: { rows: StaffExitView[] }) {
  const { t } = useTranslation('exits');
  const dates = useDateFormat();
  const days = GUIDE_CANCELLED_SHOWN_DAYS;
  return (
    <Stack gap="md">
      <Alert color="orange">{t('dispatch.cancelled.intro', { days })}</Alert>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('dispatch.cancelled.empty', { days })}
        </Text>
      ) : (
        <DataTable
          rows={rows}
          rowKey={(exit) => exit.id}
          minWidth={760}
          cardsBelow="sm"
          columns={[
            ...exitColumns(t),
            {
              key: 'guide',
              header: t('dispatch.cancelled.columns.guide'),
              cell: (exit) => <Text fz="sm">{exit.guide?.tracking_number ?? '—'}</Text>,
            },
            {
              key: 'cancelled',
              header: t('dispatch.cancelled.columns.cancelledAt'),
              cell: (exit) => <Text fz="sm">{dates.dateTime(exit.cancelled_at)}</Text>,
            },
            {
              key: 'todo',
              header: t('dispatch.cancelled.columns.todo'),
              cell: (exit) => (
                <Stack gap={2}>
                  <Text fz="sm" fw={600}>
                    {t('dispatch.cancelled.todo', { count: unitsOf(exit) })}
                  </Text>
                  {exit.lines.map((line) => (
                    <Text key={line.variant_id} fz="xs" c="dimmed">
                      {t('dispatch.cancelled.line', {
                        quantity: line.quantity,
                        name: [line.product_name, line.variant_title].filter(Boolean).join(' · '),
                        sku: line.sku ?? '—',
                      })}
                    </Text>
                  ))}
                </Stack>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

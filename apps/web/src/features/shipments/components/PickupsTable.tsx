import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatKg } from '../format';
import { useDateFormat } from '../../../lib/dates';
import type { PickupView } from '@despacho/domain';
import { PickupActions, type PickupChange } from './PickupActions';

const NONE = '—';
const cancelled = (pickup: PickupView) => pickup.status === 'cancelled';

const STATUS_COLORS: Record<PickupView['status'], string> = {
  requested: 'blue',
  collected: 'teal',
  cancelled: 'gray',
};

/**
 * The pickups asked of the carriers: confirmation, day and window, carrier, origin, packages and
 * weight, where each stands, and cancel or reschedule while it may still change. A cancelled
 * pickup's guides have left it, so it shows no packages.
 */
export function PickupsTable({
  rows,
  onChanged,
  onRefused,
}: {
  rows: PickupView[];
  onChanged: (pickup: PickupView, change: PickupChange) => void;
  onRefused: (message: string) => void;
}) {
  const { t } = useTranslation('shipments');
  const dates = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" aria-label={t('pickup.list.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pickup.list.confirmation')}</Table.Th>
            <Table.Th>{t('pickup.list.date')}</Table.Th>
            <Table.Th>{t('pickup.list.window')}</Table.Th>
            <Table.Th>{t('pickup.list.carrier')}</Table.Th>
            <Table.Th>{t('pickup.list.origin')}</Table.Th>
            <Table.Th ta="right">{t('pickup.list.packages')}</Table.Th>
            <Table.Th ta="right">{t('pickup.list.weight')}</Table.Th>
            <Table.Th>{t('pickup.list.status')}</Table.Th>
            <Table.Th>{t('pickup.list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((pickup) => (
            <Table.Tr key={pickup.id}>
              <Table.Td>
                <Text fz="sm" ff="monospace" fw={600}>
                  {pickup.confirmation_number}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{dates.day(pickup.date)}</Text>
                {pickup.rescheduled_at && (
                  <Text fz="xs" c="dimmed">
                    {t('pickup.list.rescheduled')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('pickup.schedule.range', { start: pickup.start, end: pickup.end })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{pickup.carrier_name}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{pickup.location_alias}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm">{cancelled(pickup) ? NONE : pickup.package_count}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {cancelled(pickup) ? NONE : formatKg(pickup.weight_kg)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[pickup.status]}>
                  {t(`pickup.list.statuses.${pickup.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <PickupActions pickup={pickup} onChanged={onChanged} onRefused={onRefused} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

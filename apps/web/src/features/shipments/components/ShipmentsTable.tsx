import { formatMoney, type ShipmentSummary } from '@despacho/domain';
import { Anchor, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatKg } from '../format';
import { useDateFormat } from '../../../lib/dates';
import { shipmentPath } from '../paths';
import { ShipmentStatusBadge } from './ShipmentStatusBadge';

/** A guide whose label can be printed: bought and not cancelled. */
export const hasPrintableLabel = (row: ShipmentSummary) =>
  row.purchase_state === 'purchased' && row.status !== 'cancelled' && Boolean(row.tracking_number);

/**
 * The guides of one page (spec §3 columns): tracking number, carrier, service, cost, dimensions,
 * weight, insurance and status, plus date and destination; the service under its carrier and
 * the weight under the dimensions, so the whole row fits beside the menu at 1440 px. Guides with a label can be selected
 * for the bulk label download; a row opens the guide.
 */
export function ShipmentsTable({
  rows,
  selected,
  onSelect,
}: {
  rows: ShipmentSummary[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], checked: boolean) => void;
}) {
  const { t } = useTranslation('shipments');
  const dates = useDateFormat();
  const navigate = useNavigate();
  const printable = rows.filter(hasPrintableLabel).map((row) => row.id);
  const selectedHere = printable.filter((id) => selected.has(id)).length;

  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('list.table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('list.table.selectPage')}
                checked={printable.length > 0 && selectedHere === printable.length}
                indeterminate={selectedHere > 0 && selectedHere < printable.length}
                disabled={printable.length === 0}
                onChange={(event) => onSelect(printable, event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('list.table.tracking')}</Table.Th>
            <Table.Th>{t('list.table.carrier')}</Table.Th>
            <Table.Th ta="right">{t('list.table.cost')}</Table.Th>
            <Table.Th>{t('list.table.parcel')}</Table.Th>
            <Table.Th>{t('list.table.insurance')}</Table.Th>
            <Table.Th>{t('list.table.status')}</Table.Th>
            <Table.Th>{t('list.table.destination')}</Table.Th>
            <Table.Th>{t('list.table.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = row.tracking_number ?? t('list.table.noTracking');
            return (
              <Table.Tr
                key={row.id}
                style={{ cursor: 'pointer' }}
                onClick={() => void navigate(shipmentPath(row.id))}
              >
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={t('list.table.select', { tracking: name })}
                    checked={selected.has(row.id)}
                    disabled={!hasPrintableLabel(row)}
                    onChange={(event) => onSelect([row.id], event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={shipmentPath(row.id)}
                    fw={600}
                    fz="sm"
                    ff={row.tracking_number ? 'monospace' : undefined}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{row.carrier_name}</Text>
                  <Text fz="xs" c="dimmed">
                    {row.service_name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.cost)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {row.dimensions}
                  </Text>
                  <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {row.package_count > 1
                      ? t('list.table.packagesWeight', {
                          count: row.package_count,
                          weight: formatKg(row.billable_weight_kg),
                        })
                      : formatKg(row.billable_weight_kg)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" c={row.insured ? undefined : 'dimmed'}>
                    {row.insured && row.declared_value !== null
                      ? formatMoney(row.declared_value)
                      : t('list.table.uninsured')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ShipmentStatusBadge
                    status={row.status}
                    purchaseState={row.purchase_state}
                    cancellationRequested={Boolean(row.cancellation_requested_at)}
                    size="sm"
                  />
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{row.destination_name}</Text>
                  <Text fz="xs" c="dimmed">
                    {t('list.table.zip', { zip: row.destination_zip })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dates.date(row.created_at)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

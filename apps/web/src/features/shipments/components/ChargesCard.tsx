import { formatMoney, type ShipmentDetail } from '@despacho/domain';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fz="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * What the guide cost the balance: the carrier's price, the insurance premium, VAT of both and the
 * total; with insurance, its deductible; and what was refunded when it was cancelled.
 */
export function ChargesCard({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation('shipments');
  const { charges } = shipment;
  return (
    <Stack gap={6} aria-label={t('detail.charges.title')} role="group">
      <Line label={t('detail.charges.carrier')} value={formatMoney(charges.carrier)} />
      {(shipment.insured || charges.insurance_premium > 0) && (
        <Line
          label={t('detail.charges.insurance')}
          value={formatMoney(charges.insurance_premium)}
        />
      )}
      <Line label={t('detail.charges.vat')} value={formatMoney(charges.vat)} />
      <Divider my={4} />
      <Line label={t('detail.charges.total')} value={formatMoney(charges.total)} strong />
      {shipment.insured && shipment.declared_value !== null && (
        <Line
          label={t('detail.charges.declaredValue')}
          value={formatMoney(shipment.declared_value)}
        />
      )}
      {charges.deductible !== null && (
        <Line label={t('detail.charges.deductible')} value={formatMoney(charges.deductible)} />
      )}
      {charges.refunded > 0 && (
        <Group justify="space-between" wrap="nowrap">
          <Text fz="sm" c="teal" fw={600}>
            {t('detail.charges.refunded')}
          </Text>
          <Text fz="sm" c="teal" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {`+${formatMoney(charges.refunded)}`}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

import { formatMoney, type T1Shipment } from '@despacho/domain';
import { ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCode } from '../../../lib/tariff-code';
import { useCountryName } from '../../../ui/countries';
import { Fact } from '../../../ui/Fact';

/**
 * The customs declaration as bought: the commercial invoice's lines with their tariff codes, the
 * incoterm, the reason, the recipient's tax ID and the totals.
 */
export function DeclarationView({ shipment }: { shipment: T1Shipment }) {
  const { t } = useTranslation('international');
  const countryName = useCountryName();
  const money = (cents: number) => formatMoney(cents, shipment.currency);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Fact label={t('detail.direction')}>{t(`list.directions.${shipment.direction}`)}</Fact>
        <Fact label={t('detail.incoterm')}>{t(`incoterms.${shipment.incoterm}`)}</Fact>
        <Fact label={t('detail.reason')}>
          {shipment.reason === 'other' && shipment.reason_detail
            ? shipment.reason_detail
            : t(`reasons.${shipment.reason}`)}
        </Fact>
        <Fact label={t('detail.taxId')}>{shipment.recipient_tax_id ?? '—'}</Fact>
        <Fact label={t('detail.reference')}>{shipment.reference ?? '—'}</Fact>
        <Fact label={t('detail.invoiceTotal')} fw={700}>
          <span data-testid="t1-detail-invoice-total">{money(shipment.invoice_total_cents)}</span>
        </Fact>
      </SimpleGrid>
      <ScrollArea type="auto">
        <Table miw={760} fz="sm" striped withTableBorder aria-label={t('detail.linesLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('detail.columns.product')}</Table.Th>
              <Table.Th>{t('detail.columns.tariffCode')}</Table.Th>
              <Table.Th>{t('detail.columns.origin')}</Table.Th>
              <Table.Th ta="right">{t('detail.columns.quantity')}</Table.Th>
              <Table.Th ta="right">
                {t('detail.columns.unitValue', { currency: shipment.currency })}
              </Table.Th>
              <Table.Th ta="right">{t('detail.columns.subtotal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shipment.lines.map((line) => (
              <Table.Tr key={line.product.id}>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {line.product.name}
                  </Text>
                  <Text fz="xs" c="dimmed" lang="en">
                    {line.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" ff="monospace">
                    {formatCode(line.tariff_code)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {line.tariff_description}
                  </Text>
                </Table.Td>
                <Table.Td>{countryName(line.origin_country)}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{money(line.unit_value)}</Table.Td>
                <Table.Td ta="right">{money(line.subtotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

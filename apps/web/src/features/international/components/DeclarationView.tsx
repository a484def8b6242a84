import { formatMoney, type T1LineView, type T1Shipment } from '@despacho/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCode } from '../../../lib/tariff-code';
import { useCountryName } from '../../../ui/countries';
import { DataTable } from '../../../ui/DataTable';
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
      <DataTable<T1LineView>
        rows={shipment.lines}
        rowKey={(line) => line.product.id}
        label={t('detail.linesLabel')}
        minWidth={620}
        cardsBelow="xs"
        columns={[
          {
            key: 'product',
            header: t('detail.columns.product'),
            cardTitle: true,
            cell: (line) => (
              <>
                <Text fz="sm" fw={600}>
                  {line.product.name}
                </Text>
                <Text fz="xs" c="dimmed" lang="en">
                  {line.description}
                </Text>
              </>
            ),
          },
          {
            key: 'code',
            header: t('detail.columns.tariffCode'),
            cell: (line) => (
              <>
                <Text fz="sm" ff="monospace">
                  {formatCode(line.tariff_code)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {line.tariff_description}
                </Text>
              </>
            ),
          },
          {
            key: 'origin',
            header: t('detail.columns.origin'),
            cell: (line) => countryName(line.origin_country),
          },
          {
            key: 'quantity',
            header: t('detail.columns.quantity'),
            align: 'right',
            cell: (line) => line.quantity,
          },
          {
            key: 'unit',
            header: t('detail.columns.unitValue', { currency: shipment.currency }),
            align: 'right',
            cell: (line) => money(line.unit_value),
          },
          {
            key: 'subtotal',
            header: t('detail.columns.subtotal'),
            align: 'right',
            cell: (line) => money(line.subtotal),
          },
        ]}
      />
    </Stack>
  );
}

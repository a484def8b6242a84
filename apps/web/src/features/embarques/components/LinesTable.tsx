import { formatMoney, type EmbarqueLine } from '@despacho/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';

/** `6109.10.01` + NICO `00`, as the classification shows a code. */
const fraction = (line: EmbarqueLine) =>
  `${line.fraction.slice(0, 4)}.${line.fraction.slice(4, 6)}.${line.fraction.slice(6)}`;

const quantity = (value: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-US' : 'es-MX', {
    maximumFractionDigits: 3,
  }).format(value);

/** The commercial invoice's lines: product, fracción + NICO, both quantities, value and origin. */
export function LinesTable({ lines }: { lines: EmbarqueLine[] }) {
  const { t, i18n } = useTranslation('embarques');
  if (lines.length === 0) return <Text c="dimmed">{t('lines.empty')}</Text>;
  return (
    <DataTable
      rows={lines}
      rowKey={(line) => line.id}
      minWidth={760}
      cardsBelow="xs"
      columns={[
        {
          key: 'product',
          header: t('lines.product'),
          cardTitle: true,
          cell: (line) => (
            <Stack gap={0}>
              <Text fz="sm" fw={600}>
                {line.product.name}
              </Text>
              {line.product.sku && (
                <Text fz="xs" c="dimmed">
                  {line.product.sku}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'code',
          header: t('lines.code'),
          cell: (line) => (
            <Stack gap={0}>
              <Text fz="sm" ff="monospace">
                {fraction(line)} · {line.nico}
              </Text>
              <Text fz="xs" c="dimmed" lineClamp={2}>
                {line.tariff_description}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'commercial',
          header: t('lines.commercial'),
          align: 'right',
          cell: (line) =>
            `${quantity(line.commercial_quantity, i18n.language)} ${line.commercial_unit}`,
        },
        {
          key: 'customs',
          header: t('lines.customs'),
          align: 'right',
          cell: (line) =>
            `${quantity(line.customs_quantity, i18n.language)} ${line.customs_unit.name}`,
        },
        {
          key: 'value',
          header: t('lines.value'),
          align: 'right',
          cell: (line) => formatMoney(line.value_cents, line.currency),
        },
        { key: 'origin', header: t('lines.origin'), cell: (line) => line.origin_country },
      ]}
    />
  );
}

import {
  PRODUCT_IMPORT_OUTCOMES,
  type ProductImportOutcome,
  type ProductImportView,
} from '@despacho/domain';
import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ProductImportOutcome, string> = {
  created: 'teal',
  updated: 'blue',
  unchanged: 'gray',
  refused: 'red',
};

/**
 * What an import does (`checked`) or did (`done`) with the file's products: how many are new,
 * updated, unchanged and refused, then each product with its outcome (the refused ones' reasons
 * are in the errors' table).
 */
export function ImportSummary({ view }: { view: ProductImportView }) {
  const { t } = useTranslation('product-imports');
  const done = view.status === 'done';
  const label = (outcome: ProductImportOutcome) =>
    t(
      done && (outcome === 'created' || outcome === 'updated')
        ? `summary.${outcome}Done`
        : `summary.${outcome}`,
    );
  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm">
        {t(done ? 'summary.titleDone' : 'summary.title')}
      </Text>
      <Group gap="xs" role="list" aria-label={t(done ? 'summary.titleDone' : 'summary.title')}>
        {PRODUCT_IMPORT_OUTCOMES.map((outcome) => (
          <Badge key={outcome} role="listitem" variant="light" color={COLORS[outcome]} size="lg">
            {label(outcome)}: {view.summary[outcome]}
          </Badge>
        ))}
      </Group>
      <ScrollArea.Autosize mah={220}>
        <Table verticalSpacing={4} fz="sm" aria-label={t('summary.rows')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t('errors.row')}</Table.Th>
              <Table.Th>{t('summary.product')}</Table.Th>
              <Table.Th w={140}>{t('summary.outcome')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.name || row.handle || '—'}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={COLORS[row.outcome]}>
                    {label(row.outcome)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {view.rows_more > 0 && (
        <Text fz="sm" c="dimmed">
          {t('summary.more', { count: view.rows_more })}
        </Text>
      )}
    </Stack>
  );
}

import type { ProductImportView } from '@despacho/domain';
import { Alert, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The rows an import refused, as the file numbers them: nothing was written (`invalid`), the
 * products of those rows will not be (`checked`) or were not (`done`), or why it stopped.
 */
export function ImportErrors({ view }: { view: ProductImportView }) {
  const { t } = useTranslation('product-imports');
  const total = view.errors.length + view.errors_more;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t(
        `errors.${view.status === 'queued' || view.status === 'running' ? 'checked' : view.status}`,
        {
          count: total,
        },
      )}
    >
      <ScrollArea.Autosize mah={320}>
        <Table verticalSpacing={4} fz="sm" aria-label={t('errors.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t('errors.row')}</Table.Th>
              <Table.Th w={160}>{t('errors.column')}</Table.Th>
              <Table.Th>{t('errors.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.errors.map((error, index) => (
              <Table.Tr key={`${error.row}-${index}`}>
                <Table.Td>{error.row}</Table.Td>
                <Table.Td>{error.column ?? '—'}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {view.errors_more > 0 && (
        <Text fz="sm" mt="xs">
          {t('errors.more', { count: view.errors_more })}
        </Text>
      )}
    </Alert>
  );
}

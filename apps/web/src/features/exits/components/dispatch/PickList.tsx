import type { StaffExitDetail } from '@despacho/domain';
import { Button, Group, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../ui/DataTable';

/** What to take from the shelves for one exit; printed with the browser's print dialog. */
export function PickList({ exit }: { exit: StaffExitDetail }) {
  const { t } = useTranslation('exits');
  return (
    <>
      <Group justify="space-between">
        <Title order={3} fz="md">
          {t('dispatch.pick.title')}
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
        >
          {t('dispatch.pick.print')}
        </Button>
      </Group>
      <DataTable
        rows={exit.lines}
        rowKey={(line) => line.variant_id}
        minWidth={480}
        columns={[
          {
            key: 'sku',
            header: t('dispatch.pick.sku'),
            cell: (line) => (
              <Text fz="sm" ff="monospace">
                {line.sku ?? '—'}
              </Text>
            ),
          },
          {
            key: 'name',
            header: t('dispatch.pick.name'),
            cell: (line) => (
              <Text fz="sm">
                {line.variant_title
                  ? `${line.product_name} · ${line.variant_title}`
                  : line.product_name}
              </Text>
            ),
          },
          {
            key: 'quantity',
            header: t('dispatch.pick.quantity'),
            cell: (line) => (
              <Text fz="sm" fw={600}>
                {line.quantity}
              </Text>
            ),
          },
          {
            key: 'barcode',
            header: t('dispatch.pick.barcode'),
            cell: (line) => (
              <Text fz="sm" ff="monospace">
                {line.barcode ?? '—'}
              </Text>
            ),
          },
        ]}
      />
    </>
  );
}

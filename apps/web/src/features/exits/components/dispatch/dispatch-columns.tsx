import type { StaffExitView } from '@despacho/domain';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Column } from '../../../../ui/DataTable';
import { WarehouseLabel } from '../../../../ui/WarehouseLabel';

/** The units an exit takes out, all lines together. */
export const unitsOf = (exit: StaffExitView) =>
  exit.lines.reduce((sum, line) => sum + line.quantity, 0);

/** The columns both dispatch lists open with: the exit with its merchant, then the warehouse. */
export function exitColumns(t: TFunction<'exits'>): Column<StaffExitView>[] {
  return [
    {
      key: 'number',
      header: t('dispatch.columns.exit'),
      cardTitle: true,
      cell: (exit) => (
        <Stack gap={0}>
          <Text fw={600} fz="sm">
            {t('dispatch.number', { number: exit.number })}
          </Text>
          <Text fz="xs" c="dimmed">
            {exit.organization.name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'warehouse',
      header: t('dispatch.columns.warehouse'),
      cell: (exit) => <WarehouseLabel warehouse={exit.warehouse} />,
    },
  ];
}

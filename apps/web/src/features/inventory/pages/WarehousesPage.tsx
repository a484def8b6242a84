import type { WarehouseView } from '@despacho/domain';
import { Alert, Badge, Button, Group, Paper, Skeleton, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { RowActions } from '../../../ui/RowActions';
import { WarehouseDrawer } from '../components/WarehouseDrawer';
import { useWarehouses } from '../../../lib/api/staff-warehouses';
import { useSetWarehouseActive } from '../warehouses-api';

const addressLine = ({ address }: WarehouseView) =>
  [
    `${address.street} ${address.external_number}${address.internal_number ? `, ${address.internal_number}` : ''}`,
    address.neighborhood,
    `${address.zip} ${address.city}, ${address.state}`,
  ].join(', ');

/**
 * `/staff/warehouses`: the platform's fulfilment centres, created and edited in a drawer and
 * activated or deactivated from the list (deactivating is refused while they hold stock).
 */
export function WarehousesPage() {
  const { t } = useTranslation('inventory');
  const warehouses = useWarehouses();
  const setActive = useSetWarehouseActive();
  const [drawer, setDrawer] = useState<{ warehouse: WarehouseView | null } | null>(null);

  const toggle = (warehouse: WarehouseView, active: boolean) =>
    setActive.mutate(
      { id: warehouse.id, active },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t(active ? 'warehouses.activated' : 'warehouses.deactivated', {
              name: warehouse.name,
            }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
      },
    );

  return (
    <>
      <PageHeader
        title={t('warehouses.title')}
        subtitle={t('warehouses.subtitle')}
        action={
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setDrawer({ warehouse: null })}
          >
            {t('warehouses.create.open')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        {warehouses.isPending ? (
          <Skeleton h={160} />
        ) : warehouses.isError ? (
          <Alert color="red">{messageOf(warehouses.error)}</Alert>
        ) : warehouses.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('warehouses.empty')}
          </Text>
        ) : (
          <DataTable
            rows={warehouses.data}
            rowKey={(warehouse) => warehouse.id}
            minWidth={720}
            columns={[
              {
                key: 'name',
                header: t('warehouses.columns.name'),
                cell: (warehouse) => (
                  <>
                    <Text fw={600} fz="sm">
                      {warehouse.name}
                    </Text>
                    <Text fz="xs" c="dimmed" ff="monospace">
                      {warehouse.code}
                    </Text>
                  </>
                ),
              },
              {
                key: 'address',
                header: t('warehouses.columns.address'),
                cell: (warehouse) => <Text fz="sm">{addressLine(warehouse)}</Text>,
              },
              {
                key: 'status',
                header: t('warehouses.columns.status'),
                cell: (warehouse) => (
                  <Group gap="sm" wrap="nowrap">
                    <Switch
                      checked={warehouse.active}
                      disabled={setActive.isPending && setActive.variables?.id === warehouse.id}
                      onChange={(event) => toggle(warehouse, event.currentTarget.checked)}
                      aria-label={t('warehouses.toggle', { name: warehouse.name })}
                    />
                    <Badge size="sm" variant="light" color={warehouse.active ? 'teal' : 'gray'}>
                      {t(`warehouses.statuses.${warehouse.active ? 'active' : 'inactive'}`)}
                    </Badge>
                  </Group>
                ),
              },
              {
                key: 'actions',
                header: t('warehouses.columns.actions'),
                width: 90,
                cell: (warehouse) => (
                  <RowActions
                    actions={[
                      {
                        label: t('warehouses.editFor', { name: warehouse.name }),
                        tooltip: t('warehouses.edit.action'),
                        icon: <IconEdit size={18} />,
                        onClick: () => setDrawer({ warehouse }),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </Paper>
      <WarehouseDrawer
        opened={drawer !== null}
        warehouse={drawer?.warehouse ?? null}
        onClose={() => setDrawer(null)}
      />
    </>
  );
}

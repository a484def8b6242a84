import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { WarehouseLabel } from '../../../ui/WarehouseLabel';
import { DispatchDrawer } from '../components/dispatch/DispatchDrawer';
import { useDispatchQueue } from '../dispatch-api';
import { useWarehouses } from '../../../lib/api/staff-warehouses';

/**
 * `/staff/exits`: the exits merchants sent to a warehouse, oldest first, per warehouse; each is
 * picked, packed and shipped with a guide paid from its merchant's balance in a drawer.
 */
export function DispatchPage() {
  const { t } = useTranslation('exits');
  const dates = useDateFormat();
  const warehouses = useWarehouses();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const queue = useDispatchQueue({
    warehouse_id: warehouseId ?? undefined,
    page: 1,
    pageSize: 100,
  });

  return (
    <>
      <PageHeader title={t('dispatch.title')} subtitle={t('dispatch.subtitle')} />
      <Stack gap="lg">
        <Select
          label={t('dispatch.warehouse')}
          placeholder={t('dispatch.allWarehouses')}
          data={(warehouses.data ?? []).map((w) => ({
            value: w.id,
            label: `${w.name} (${w.code})`,
          }))}
          value={warehouseId}
          onChange={setWarehouseId}
          clearable
          maw={360}
        />
        <Paper withBorder radius="lg" p="md">
          {queue.isPending ? (
            <Skeleton h={160} />
          ) : queue.isError ? (
            <Alert color="red">{messageOf(queue.error)}</Alert>
          ) : queue.data.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('dispatch.empty')}
            </Text>
          ) : (
            <DataTable
              rows={queue.data.data}
              rowKey={(exit) => exit.id}
              minWidth={760}
              columns={[
                {
                  key: 'number',
                  header: t('dispatch.columns.exit'),
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
                {
                  key: 'destination',
                  header: t('dispatch.columns.destination'),
                  cell: (exit) => (
                    <Text fz="sm">
                      {exit.destination.name} · {exit.destination.address.zip}
                    </Text>
                  ),
                },
                {
                  key: 'units',
                  header: t('dispatch.columns.units'),
                  cell: (exit) => (
                    <Text fz="sm">{exit.lines.reduce((sum, line) => sum + line.quantity, 0)}</Text>
                  ),
                },
                {
                  key: 'since',
                  header: t('dispatch.columns.since'),
                  cell: (exit) => <Text fz="sm">{dates.dateTime(exit.processing_at)}</Text>,
                },
                {
                  key: 'actions',
                  header: t('dispatch.columns.actions'),
                  cell: (exit) => (
                    <Group>
                      <Button
                        size="xs"
                        onClick={() => setOpen(exit.id)}
                        aria-label={t('dispatch.openFor', { number: exit.number })}
                      >
                        {t('dispatch.open')}
                      </Button>
                    </Group>
                  ),
                },
              ]}
            />
          )}
        </Paper>
      </Stack>
      <DispatchDrawer exitId={open} onClose={() => setOpen(null)} />
    </>
  );
}

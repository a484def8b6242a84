import { STAFF_EXIT_VIEWS, type StaffExitViewKind } from '@despacho/domain';
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { DispatchDrawer } from '../components/dispatch/DispatchDrawer';
import { exitColumns, unitsOf } from '../components/dispatch/dispatch-columns';
import { GuideCancelledTable } from '../components/dispatch/GuideCancelledTable';
import { useDispatchQueue } from '../dispatch-api';
import { useWarehouses } from '../../../lib/api/staff-warehouses';

/**
 * `/staff/exits`: the exits merchants sent to a warehouse, oldest first, per warehouse; each is
 * picked, packed and shipped with a guide paid from its merchant's balance in a drawer. Its
 * second list shows the shipped exits whose guide the merchant cancelled, whose parcel staff
 * unpack.
 */
export function DispatchPage() {
  const { t } = useTranslation('exits');
  const dates = useDateFormat();
  const warehouses = useWarehouses();
  const [view, setView] = useState<StaffExitViewKind>('to_dispatch');
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const queue = useDispatchQueue({
    view,
    warehouse_id: warehouseId ?? undefined,
    page: 1,
    pageSize: 100,
  });

  return (
    <>
      <PageHeader title={t('dispatch.title')} subtitle={t('dispatch.subtitle')} />
      <Stack gap="lg">
        <Group align="end" justify="space-between">
          <SegmentedFilter
            aria-label={t('dispatch.views.label')}
            value={view}
            onChange={(value) => setView(value as StaffExitViewKind)}
            data={STAFF_EXIT_VIEWS.map((value) => ({
              value,
              label: t(`dispatch.views.${value}`),
            }))}
          />
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
        </Group>
        <Paper withBorder radius="lg" p="md">
          {queue.isPending ? (
            <Skeleton h={160} />
          ) : queue.isError ? (
            <Alert color="red">{messageOf(queue.error)}</Alert>
          ) : view === 'guide_cancelled' ? (
            <GuideCancelledTable rows={queue.data.data} />
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
                ...exitColumns(t),
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
                  cell: (exit) => <Text fz="sm">{unitsOf(exit)}</Text>,
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

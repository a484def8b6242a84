import { EXIT_STATUSES, type ExitStatus, type ExitView } from '@despacho/domain';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSend, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { DataTable } from '../../../ui/DataTable';
import { ListPage } from '../../../ui/ListPage';
import { ListStatusFilter } from '../../../ui/ListStatusFilter';
import { RowActions } from '../../../ui/RowActions';
import { EXITS_PAGE_SIZE, exitsApi, useExits, useRefreshExits } from '../api';
import { CreateExitDrawer } from '../components/CreateExitDrawer';
import { ProcessExitModal } from '../components/ProcessExitModal';

const STATUS_COLORS: Record<ExitStatus, string> = {
  created: 'gray',
  processing: 'blue',
  shipped: 'teal',
  cancelled: 'red',
};

/**
 * `products/outs`: the organization's warehouse exits (status filter, search by number or
 * reference, page in the URL), each with its timeline and guide; a created exit is sent to the
 * warehouse (its stock reserved) or cancelled from the row.
 */
export function ExitsPage() {
  const { t } = useTranslation('exits');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const list = useListParams();
  const status = list.choice('status', EXIT_STATUSES);
  const refresh = useRefreshExits();
  const [creating, setCreating] = useState(false);
  const [sending, setSending] = useState<ExitView | null>(null);
  const [cancelling, setCancelling] = useState<ExitView | null>(null);
  // The inventory's movement history links one exit: `products/outs?exit=<id>`.
  const [params] = useSearchParams();
  const exits = useExits({
    exit: params.get('exit') ?? undefined,
    search: list.debouncedSearch || undefined,
    status,
    page: list.page,
    pageSize: EXITS_PAGE_SIZE,
  });
  const cancel = useMutation({
    mutationFn: (exit: ExitView) => exitsApi.cancel(exit.id),
    onSuccess: async (exit) => {
      notifications.show({
        color: 'teal',
        message: t(`done.${exit.status}`, { number: exit.number }),
      });
      setCancelling(null);
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });
  const filtered = Boolean(list.debouncedSearch || status);

  const timeline = (exit: ExitView) =>
    (
      [
        ['created', exit.created_at],
        ['processing', exit.processing_at],
        ['shipped', exit.shipped_at],
        ['cancelled', exit.cancelled_at],
      ] as const
    ).filter(([, at]) => at !== null);

  return (
    <>
      <ListPage
        title={nav('screens.productsOuts.title')}
        breadcrumbs={[
          { label: nav('modules.warehousing') },
          { label: nav('screens.productsOuts.title') },
        ]}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            {t('create.open')}
          </Button>
        }
        subtitle={t('subtitle')}
        list={list}
        search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
        filters={
          <ListStatusFilter
            list={list}
            statuses={EXIT_STATUSES}
            label={t('filters.status')}
            allLabel={t('filters.allStatuses')}
            statusLabel={(value) => t(`statuses.${value}`)}
            w={200}
          />
        }
        query={exits}
        empty={filtered ? t('filters.empty') : t('empty')}
        loadingHeight={200}
        pagesLabel={t('table.pages')}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(exit) => exit.id}
            minWidth={900}
            columns={[
              {
                key: 'number',
                header: t('table.number'),
                cell: (exit) => (
                  <Stack gap={0}>
                    <Text fw={600} fz="sm">
                      {t('table.numberValue', { number: exit.number })}
                    </Text>
                    {exit.reference && (
                      <Text fz="xs" c="dimmed">
                        {exit.reference}
                      </Text>
                    )}
                  </Stack>
                ),
              },
              {
                key: 'warehouse',
                header: t('table.warehouse'),
                cell: (exit) => <Text fz="sm">{exit.warehouse.name}</Text>,
              },
              {
                key: 'destination',
                header: t('table.destination'),
                cell: (exit) => (
                  <Stack gap={0}>
                    <Text fz="sm">{exit.destination.name}</Text>
                    <Text fz="xs" c="dimmed">
                      {exit.destination.address.city}, {exit.destination.address.zip}
                    </Text>
                  </Stack>
                ),
              },
              {
                key: 'items',
                header: t('table.items'),
                cell: (exit) => (
                  <Stack gap={0}>
                    {exit.lines.map((line) => (
                      <Text key={line.variant_id} fz="xs">
                        {line.quantity} × {line.sku ?? line.product_name}
                      </Text>
                    ))}
                  </Stack>
                ),
              },
              {
                key: 'status',
                header: t('table.status'),
                cell: (exit) => (
                  <Stack gap={4}>
                    <Badge size="sm" variant="light" color={STATUS_COLORS[exit.status]}>
                      {t(`statuses.${exit.status}`)}
                    </Badge>
                    {timeline(exit).map(([step, at]) => (
                      <Text key={step} fz="xs" c="dimmed">
                        {t(`timeline.${step}`, { at: dates.dateTime(at) })}
                      </Text>
                    ))}
                  </Stack>
                ),
              },
              {
                key: 'guide',
                header: t('table.guide'),
                cell: (exit) =>
                  exit.guide ? (
                    <Stack gap={2}>
                      <Anchor
                        component={Link}
                        to={`/app/shippings/${exit.guide.shipment_id}`}
                        fz="sm"
                      >
                        {exit.guide.tracking_number ?? t('table.guideLink')}
                      </Anchor>
                      {/* Only the guide's cancellation cancels an exit that has one. */}
                      {exit.status === 'cancelled' && (
                        <Text fz="xs" c="dimmed">
                          {t('table.guideCancelled')}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      —
                    </Text>
                  ),
              },
              {
                key: 'actions',
                header: t('table.actions'),
                cell: (exit) => (
                  <Group gap={4} wrap="nowrap">
                    {exit.status === 'created' && (
                      // The step that moves the exit on, named in words: an icon alone was missed.
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconSend size={16} />}
                        aria-label={t('actions.processFor', { number: exit.number })}
                        onClick={() => setSending(exit)}
                      >
                        {t('actions.process')}
                      </Button>
                    )}
                    <RowActions
                      actions={[
                        {
                          label: t('actions.cancelFor', { number: exit.number }),
                          tooltip: t('actions.cancel'),
                          icon: <IconX size={18} />,
                          color: 'red',
                          hidden: exit.status !== 'created' && exit.status !== 'processing',
                          onClick: () => setCancelling(exit),
                        },
                      ]}
                    />
                  </Group>
                ),
              },
            ]}
          />
        )}
      </ListPage>
      <CreateExitDrawer opened={creating} onClose={() => setCreating(false)} />
      <ProcessExitModal exit={sending} onClose={() => setSending(null)} />
      <ConfirmDeleteModal
        item={cancelling}
        onClose={() => setCancelling(null)}
        title={t('cancel.title', { number: cancelling?.number })}
        text={() => t('cancel.text')}
        cancelLabel={t('cancel.keep')}
        confirmLabel={t('cancel.confirm')}
        busy={cancel.isPending}
        onConfirm={(exit) => cancel.mutate(exit)}
      />
    </>
  );
}

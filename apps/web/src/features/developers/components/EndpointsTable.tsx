import type { WebhookEndpointView } from '@despacho/domain';
import { Stack, Switch, Text } from '@mantine/core';
import { IconEdit, IconHistory, IconKey, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { DataTable } from '../../../ui/DataTable';
import { RowActions } from '../../../ui/RowActions';
import { useWebhookDeliveries } from '../webhooks-api';
import { DeliveryStatusBadge } from './DeliveryStatusBadge';

/** The endpoint's newest delivery: its state and when; nothing sent yet otherwise. */
function LastDelivery({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('developers');
  const dates = useDateFormat();
  const last = useWebhookDeliveries(endpointId, 1, 1).data?.data[0];
  if (!last) return <Text fz="sm">{t('hooks.noDeliveries')}</Text>;
  return (
    <Stack gap={2} align="flex-start">
      <DeliveryStatusBadge status={last.status} />
      <Text fz="xs" c="dimmed">
        {dates.dateTime(last.created_at)}
      </Text>
    </Stack>
  );
}

export interface EndpointActions {
  onLog: (endpoint: WebhookEndpointView) => void;
  onTest: (endpoint: WebhookEndpointView) => void;
  onEdit: (endpoint: WebhookEndpointView) => void;
  onRotate: (endpoint: WebhookEndpointView) => void;
  onRemove: (endpoint: WebhookEndpointView) => void;
  onToggle: (endpoint: WebhookEndpointView, enabled: boolean) => void;
  /** The endpoint whose test event is on its way. */
  testing: string | null;
}

/**
 * The organization's endpoints: URL and description, events, whether it receives them (and why
 * not, when it kept failing), the last delivery; the log, a test event, edit, rotate, delete.
 */
export function EndpointsTable({
  rows,
  actions,
}: {
  rows: readonly WebhookEndpointView[];
  actions: EndpointActions;
}) {
  const { t } = useTranslation('developers');
  const dates = useDateFormat();
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      label={t('hooks.title')}
      minWidth={900}
      cardsBelow="sm"
      columns={[
        {
          key: 'url',
          header: t('hooks.columns.url'),
          cardTitle: true,
          cell: (row) => (
            <Stack gap={2} maw={340}>
              <Text fz="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                {row.url}
              </Text>
              {row.description && (
                <Text fz="xs" c="dimmed">
                  {row.description}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'events',
          header: t('hooks.columns.events'),
          cell: (row) => (
            <Text fz="sm">
              {row.events
                .map((type) => t(`events.types.${type}`, { defaultValue: type }))
                .join(', ')}
            </Text>
          ),
        },
        {
          key: 'enabled',
          header: t('hooks.columns.enabled'),
          cell: (row) => (
            <Stack gap={4}>
              <Switch
                checked={row.enabled}
                aria-label={t('hooks.toggle', { url: row.url })}
                label={row.enabled ? t('hooks.on') : t('hooks.off')}
                onChange={(event) => actions.onToggle(row, event.currentTarget.checked)}
              />
              {row.disabled_reason === 'failing' && (
                <Text fz="xs" c="red.9">
                  {t('hooks.disabledFailing')}
                </Text>
              )}
              {row.enabled && row.failing_since && (
                <Text fz="xs" c="red.9">
                  {t('hooks.failingSince', { since: dates.dateTime(row.failing_since) })}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'last',
          header: t('hooks.columns.last'),
          cell: (row) => <LastDelivery endpointId={row.id} />,
        },
        {
          key: 'actions',
          header: t('hooks.columns.actions'),
          hideHeader: true,
          cell: (row) => (
            <RowActions
              actions={[
                {
                  label: t('hooks.actions.log', { url: row.url }),
                  tooltip: t('hooks.actions.logTip'),
                  icon: <IconHistory size={18} />,
                  onClick: () => actions.onLog(row),
                },
                {
                  label: t('hooks.actions.test', { url: row.url }),
                  tooltip: t('hooks.actions.testTip'),
                  icon: <IconSend size={18} />,
                  loading: actions.testing === row.id,
                  onClick: () => actions.onTest(row),
                  hidden: !row.enabled,
                },
                {
                  label: t('hooks.actions.edit', { url: row.url }),
                  tooltip: t('hooks.actions.editTip'),
                  icon: <IconEdit size={18} />,
                  onClick: () => actions.onEdit(row),
                },
                {
                  label: t('hooks.actions.rotate', { url: row.url }),
                  tooltip: t('hooks.actions.rotateTip'),
                  icon: <IconKey size={18} />,
                  onClick: () => actions.onRotate(row),
                },
                {
                  label: t('hooks.actions.remove', { url: row.url }),
                  tooltip: t('hooks.actions.removeTip'),
                  icon: <IconTrash size={18} />,
                  color: 'red',
                  onClick: () => actions.onRemove(row),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookEndpointView,
} from '@despacho/domain';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import {
  useRemoveEndpoint,
  useRotateEndpointSecret,
  useSendTestEvent,
  useSetEndpointEnabled,
  useWebhookEndpoints,
} from '../webhooks-api';
import { DeliveryLog } from './DeliveryLog';
import { EndpointDialog, type EndpointEditing } from './EndpointDialog';
import { EndpointsTable } from './EndpointsTable';
import { RotateDialog } from './RotateDialog';

/** A toast for a failed action of the list. */
const failed = (error: unknown) => notifications.show({ color: 'red', message: messageOf(error) });

/**
 * The webhooks tab: what is sent and how (signatures, retries), the endpoints with their
 * actions, the create/edit dialog, the delivery log, rotate and delete.
 */
export function WebhooksPanel() {
  const { t } = useTranslation('developers');
  const endpoints = useWebhookEndpoints();
  const setEnabled = useSetEndpointEnabled();
  const sendTest = useSendTestEvent();
  const rotate = useRotateEndpointSecret();
  const remove = useRemoveEndpoint();
  const [editing, setEditing] = useState<EndpointEditing>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointView | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointView | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointView | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text c="dimmed" fz="sm" maw={640}>
          {t('hooks.intro', {
            attempts: WEBHOOK_MAX_ATTEMPTS,
            seconds: WEBHOOK_TIMEOUT_MS / 1000,
          })}
        </Text>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ endpoint: null })}>
          {t('hooks.create.open')}
        </Button>
      </Group>
      {endpoints.isPending ? (
        <Skeleton h={200} />
      ) : endpoints.isError ? (
        <Alert color="red">{messageOf(endpoints.error)}</Alert>
      ) : endpoints.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('hooks.empty')}
        </Text>
      ) : (
        <EndpointsTable
          rows={endpoints.data}
          actions={{
            onLog: setLogOf,
            onEdit: (endpoint) => setEditing({ endpoint }),
            onRotate: setRotating,
            onRemove: setRemoving,
            testing: sendTest.isPending ? (sendTest.variables ?? null) : null,
            onTest: (endpoint) =>
              sendTest.mutate(endpoint.id, {
                onSuccess: () =>
                  notifications.show({ color: 'green', message: t('hooks.testSent') }),
                onError: failed,
              }),
            onToggle: (endpoint, enabled) =>
              setEnabled.mutate({ id: endpoint.id, enabled }, { onError: failed }),
          }}
        />
      )}
      <EndpointDialog editing={editing} onClose={() => setEditing(null)} />
      <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />
      <RotateDialog
        subject={rotating}
        onClose={() => setRotating(null)}
        rotate={rotate.mutateAsync}
        texts={{
          title: t('hooks.rotate.title'),
          text: t('hooks.rotate.text', {
            url: rotating?.url ?? '',
            hours: WEBHOOK_SECRET_OVERLAP_HOURS,
          }),
          confirm: t('hooks.rotate.confirm'),
          secretLabel: t('hooks.rotate.newSecret'),
        }}
      />
      <ConfirmDeleteModal
        item={removing}
        onClose={() => setRemoving(null)}
        title={t('hooks.remove.title')}
        text={(endpoint) => t('hooks.remove.text', { url: endpoint.url })}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('hooks.remove.confirm')}
        busy={remove.isPending}
        onConfirm={(endpoint) =>
          remove.mutate(endpoint.id, { onSuccess: () => setRemoving(null), onError: failed })
        }
      />
    </Stack>
  );
}

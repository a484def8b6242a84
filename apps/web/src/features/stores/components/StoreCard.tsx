import type { StoreView } from '@despacho/domain';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlugOff, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { storesApi, useRefreshStores } from '../api';
import { openConsentScreen } from '../consent-screen';
import { PLATFORMS } from '../platforms';
import { PlatformMark } from './PlatformMark';

const HEALTH_COLORS: Record<StoreView['health'], string> = {
  ok: 'teal',
  needs_reapproval: 'orange',
  auth_failed: 'red',
  webhooks_failing: 'yellow',
};

/**
 * One connected store: status switch, health (re-authorization when the app needs more),
 * last sync, the first import's progress, orders count, «Sincronizar ahora» and «Desconectar».
 */
export function StoreCard({
  store,
  onDisconnect,
}: {
  store: StoreView;
  onDisconnect: (store: StoreView) => void;
}) {
  const { t } = useTranslation('stores');
  const dates = useDateFormat();
  const refresh = useRefreshStores();
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: messageOf(error) });
  const setStatus = useMutation({
    mutationFn: (enabled: boolean) =>
      storesApi.setStatus(store.id, enabled ? 'enabled' : 'disabled'),
    onSuccess: refresh,
    onError: failed,
  });
  const sync = useMutation({
    mutationFn: () => storesApi.sync(store.id),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('card.syncStarted', { name: store.name }) });
      await refresh();
    },
    onError: failed,
  });
  const reauthorize = useMutation({
    mutationFn: () => storesApi.reauthorize(store.id),
    onSuccess: (answer) => {
      if (answer.authorize_url) openConsentScreen(answer.authorize_url);
    },
    onError: failed,
  });
  const { backfill } = store;
  const enabled = store.status === 'enabled';

  return (
    <Paper withBorder radius="lg" p="md" role="listitem" aria-label={store.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <PlatformMark platform={store.platform} />
            <Stack gap={0} miw={0}>
              <Group gap={6}>
                <Text fw={600}>{store.name}</Text>
                {store.sandbox && (
                  <Badge color="grape" variant="light">
                    {t('card.sandbox')}
                  </Badge>
                )}
              </Group>
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {PLATFORMS[store.platform].name} · {store.external_id}
              </Text>
            </Stack>
          </Group>
          <Switch
            label={t(`statuses.${store.status}`)}
            aria-label={t('card.enabledLabel', { name: store.name })}
            checked={enabled}
            disabled={setStatus.isPending}
            onChange={(event) => setStatus.mutate(event.currentTarget.checked)}
          />
        </Group>

        {store.health !== 'ok' && (
          <Alert
            color={HEALTH_COLORS[store.health]}
            icon={<IconAlertTriangle size={18} />}
            title={t(`health.${store.health}.title`)}
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{t(`health.${store.health}.text`)}</Text>
              {(store.health === 'needs_reapproval' || store.health === 'auth_failed') && (
                <Button
                  size="xs"
                  color={HEALTH_COLORS[store.health]}
                  loading={reauthorize.isPending}
                  onClick={() => reauthorize.mutate()}
                >
                  {t('card.reauthorize')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        {backfill?.state === 'running' && (
          <Stack gap={4}>
            <Text fz="sm" id={`backfill-${store.id}`}>
              {backfill.total === null
                ? t('card.backfillCounting', { done: backfill.done })
                : t('card.backfill', { done: backfill.done, total: backfill.total })}
            </Text>
            <Progress.Root>
              <Progress.Section
                aria-labelledby={`backfill-${store.id}`}
                value={backfill.total ? (100 * backfill.done) / backfill.total : 0}
                animated
              />
            </Progress.Root>
          </Stack>
        )}
        {backfill?.state === 'failed' && (
          <Text fz="sm" c="red">
            {t('card.backfillFailed')}
          </Text>
        )}

        <Group gap="xl" wrap="wrap">
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              {t('card.health')}
            </Text>
            <Badge color={HEALTH_COLORS[store.health]} variant="light">
              {t(`health.${store.health}.badge`)}
            </Badge>
          </Stack>
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              {t('card.lastSync')}
            </Text>
            <Text fz="sm">
              {store.last_synced_at ? dates.dateTime(store.last_synced_at) : t('card.never')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              {t('card.orders')}
            </Text>
            <Text fz="sm">{store.orders_count}</Text>
          </Stack>
        </Group>

        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={sync.isPending}
            disabled={!enabled}
            onClick={() => sync.mutate()}
          >
            {t('card.sync')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconPlugOff size={16} />}
            onClick={() => onDisconnect(store)}
          >
            {t('card.disconnect')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

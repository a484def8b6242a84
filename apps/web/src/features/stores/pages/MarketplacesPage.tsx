import type { StoreView } from '@despacho/domain';
import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { PageHeader } from '../../../ui/PageHeader';
import { storesApi, useRefreshStores, useStores } from '../api';
import { ConnectStoreModal } from '../components/ConnectStoreModal';
import { StoreCard } from '../components/StoreCard';
import { useAuthorizationReturn } from '../useAuthorizationReturn';

/**
 * `settings/marketplaces`: the connected stores, connecting another, and what comes back to this
 * URL — a platform's consent screen (`?code=…&state=…`) or a compliance export to hand over
 * (`?customer_data=<fileId>`, linked from the merchant's notification).
 */
export function MarketplacesPage() {
  const { t } = useTranslation('stores');
  const { t: nav } = useTranslation('navigation');
  const [params] = useSearchParams();
  const stores = useStores();
  const refresh = useRefreshStores();
  const [connecting, setConnecting] = useState(false);
  const [disconnecting, setDisconnecting] = useState<StoreView | null>(null);
  const authorization = useAuthorizationReturn();
  const customerData = params.get('customer_data');

  const disconnect = useMutation({
    mutationFn: (store: StoreView) => storesApi.disconnect(store.id),
    onSuccess: async (_answer, store) => {
      notifications.show({ color: 'teal', message: t('disconnect.done', { name: store.name }) });
      setDisconnecting(null);
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });
  const download = useMutation({
    mutationFn: async (fileId: string) =>
      saveFile(await storesApi.customerData(fileId), `datos-cliente-${fileId}.json`),
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });

  return (
    <>
      <PageHeader
        title={nav('screens.settingsMarketplaces.title')}
        breadcrumbs={[
          { label: nav('modules.ecommerce') },
          { label: nav('screens.settingsMarketplaces.title') },
        ]}
        subtitle={t('subtitle')}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setConnecting(true)}>
            {t('connect.open')}
          </Button>
        }
      />
      <Stack gap="md">
        {authorization}
        {customerData && (
          <Alert color="blue" title={t('customerData.title')}>
            <Stack gap="xs" align="flex-start">
              {t('customerData.text')}
              <Button
                size="xs"
                leftSection={<IconDownload size={16} />}
                loading={download.isPending}
                onClick={() => download.mutate(customerData)}
              >
                {t('customerData.download')}
              </Button>
            </Stack>
          </Alert>
        )}
        {stores.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : stores.isError ? (
          <Alert color="red">{messageOf(stores.error)}</Alert>
        ) : stores.data.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Stack align="center" gap="sm">
              <Text fw={600}>{t('empty.title')}</Text>
              <Text c="dimmed" ta="center" maw={460}>
                {t('empty.text')}
              </Text>
              <Button
                variant="light"
                leftSection={<IconPlus size={18} />}
                onClick={() => setConnecting(true)}
              >
                {t('connect.open')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Stack gap="md" role="list" aria-label={nav('screens.settingsMarketplaces.title')}>
            {stores.data.map((store) => (
              <StoreCard key={store.id} store={store} onDisconnect={setDisconnecting} />
            ))}
          </Stack>
        )}
      </Stack>
      <ConnectStoreModal opened={connecting} onClose={() => setConnecting(false)} />
      <ConfirmDeleteModal
        item={disconnecting}
        onClose={() => setDisconnecting(null)}
        title={t('disconnect.title')}
        text={(store) => t('disconnect.text', { name: store.name })}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('disconnect.confirm')}
        busy={disconnect.isPending}
        onConfirm={(store) => disconnect.mutate(store)}
      />
    </>
  );
}

import type { Carrier } from '@despacho/domain';
import { Alert, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { PageHeader } from '../../../ui/PageHeader';
import { useCarrierAccounts, useCarriers, useSetCarrierEnabled } from '../api';
import { CarrierAccountCard } from '../components/CarrierAccountCard';
import { CarrierCard } from '../components/CarrierCard';

/** Lower case without accents: "dia" finds "Día Siguiente". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function matches(carrier: Carrier, search: string) {
  const wanted = fold(search.trim());
  if (!wanted) return true;
  return [carrier.name, ...carrier.services.map((service) => service.name)].some((text) =>
    fold(text).includes(wanted),
  );
}

/**
 * `settings/carriers`: the carriers Despacho offers, each enabled or disabled for the
 * organization; shipments are quoted only with the enabled ones. The search is on the page (the
 * catalogue is short). Disabling all is allowed, with a warning that nothing can be quoted then.
 */
export function CarriersPage() {
  const { t } = useTranslation('carriers');
  const { t: nav } = useTranslation('navigation');
  const carriers = useCarriers();
  const setEnabled = useSetCarrierEnabled();
  const [search, setSearch] = useState('');

  const toggle = (carrier: Carrier, enabled: boolean) =>
    setEnabled.mutate(
      { key: carrier.key, enabled },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t(enabled ? 'toast.enabled' : 'toast.disabled', { name: carrier.name }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
      },
    );

  const list = carriers.data ?? [];
  const shown = list.filter((carrier) => matches(carrier, search));
  const noneEnabled = list.length > 0 && list.every((carrier) => !carrier.enabled);

  return (
    <>
      <PageHeader
        title={nav('screens.settingsCarriers.title')}
        breadcrumbs={[
          { label: nav('modules.settings') },
          { label: nav('screens.settingsCarriers.title') },
        ]}
      />
      <Text c="dimmed" mt={-12} mb="lg">
        {t('subtitle')}
      </Text>
      <Stack gap="lg">
        {noneEnabled && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t('noneEnabled.title')}
          >
            {t('noneEnabled.text')}
          </Alert>
        )}
        <TextInput
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
        />
        {carriers.isPending ? (
          <Skeleton h={240} />
        ) : carriers.isError ? (
          <Alert color="red">{messageOf(carriers.error)}</Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('search.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {shown.map((carrier) => (
              <CarrierCard
                key={carrier.key}
                carrier={carrier}
                onToggle={(enabled) => toggle(carrier, enabled)}
              />
            ))}
          </SimpleGrid>
        )}
        <CarrierAccounts />
      </Stack>
    </>
  );
}

/** The accounts of the carriers reached through their own APIs: Despacho's or the merchant's. */
function CarrierAccounts() {
  const { t } = useTranslation('carriers');
  const accounts = useCarrierAccounts();
  return (
    <section aria-labelledby="carrier-accounts-title">
      <Title order={2} fz="xl" id="carrier-accounts-title" mt="md">
        {t('accounts.title')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('accounts.subtitle')}
      </Text>
      {accounts.isPending ? (
        <Skeleton h={160} />
      ) : accounts.isError ? (
        <Alert color="red">{messageOf(accounts.error)}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {accounts.data.map((account) => (
            <CarrierAccountCard key={account.carrier_key} account={account} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

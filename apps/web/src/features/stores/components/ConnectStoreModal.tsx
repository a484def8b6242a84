import {
  STORE_PLATFORMS,
  storeConnectSchema,
  type StoreConnectInput,
  type StorePlatform,
} from '@despacho/domain';
import {
  List,
  Modal,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { storesApi, useRefreshStores } from '../api';
import { openConsentScreen } from '../consent-screen';
import { PLATFORMS } from '../platforms';

/** Each platform's form, empty: switching platform starts its form afresh. */
const EMPTY: Record<StorePlatform, StoreConnectInput> = {
  shopify: { platform: 'shopify', shop_domain: '' },
  mercadolibre: { platform: 'mercadolibre' },
  woocommerce: { platform: 'woocommerce', url: '', consumer_key: '', consumer_secret: '' },
};

/**
 * «Conectar tienda»: the platform, then what it needs — Shopify the shop's domain, Mercado Libre
 * nothing (its consent screen asks who the seller is), WooCommerce the site and REST keys. OAuth
 * platforms answer their consent screen, where the browser goes; WooCommerce answers the store.
 */
export function ConnectStoreModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('stores');
  return (
    <Modal opened={opened} onClose={onClose} title={t('connect.title')} centered>
      {opened && <ConnectForm onClose={onClose} />}
    </Modal>
  );
}

function ConnectForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('stores');
  const refresh = useRefreshStores();
  const { form, formProps } = useDomainForm({
    schema: storeConnectSchema,
    defaultValues: EMPTY.shopify,
    submit: storesApi.connect,
    onSuccess: async (answer) => {
      if (answer.authorize_url) {
        openConsentScreen(answer.authorize_url);
        return;
      }
      notifications.show({
        color: 'teal',
        message: t('connect.connected', { name: answer.store?.name ?? '' }),
      });
      onClose();
      await refresh();
    },
  });
  const platform = form.watch('platform');
  // The union's other members' fields are unknown to react-hook-form's types for this one.
  const errors = form.formState.errors as Partial<Record<string, { message?: string }>>;
  const register = form.register as (name: string) => ReturnType<typeof form.register>;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('actions.cancel')}
      submitLabel={platform === 'woocommerce' ? t('connect.submitKeys') : t('connect.submit')}
      onCancel={onClose}
    >
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="connect-platform">
          {t('connect.platform')}
        </Text>
        <SegmentedControl
          aria-labelledby="connect-platform"
          fullWidth
          value={platform}
          onChange={(value) => form.reset(EMPTY[value as StorePlatform])}
          data={STORE_PLATFORMS.map((value) => ({ value, label: PLATFORMS[value].name }))}
        />
      </Stack>
      {platform === 'shopify' && (
        <TextInput
          label={t('connect.shopDomain')}
          description={t('connect.shopDomainHelp')}
          placeholder="mi-tienda.myshopify.com"
          data-autofocus
          error={errors.shop_domain?.message}
          {...register('shop_domain')}
        />
      )}
      {platform === 'mercadolibre' && <Text fz="sm">{t('connect.mercadolibreHelp')}</Text>}
      {platform === 'woocommerce' && (
        <>
          <Text fz="sm">{t('connect.wooWhere')}</Text>
          <List size="sm" type="ordered">
            <List.Item>{t('connect.wooStep1')}</List.Item>
            <List.Item>{t('connect.wooStep2')}</List.Item>
            <List.Item>{t('connect.wooStep3')}</List.Item>
          </List>
          <TextInput
            label={t('connect.url')}
            placeholder="https://mitienda.com"
            error={errors.url?.message}
            {...register('url')}
          />
          <TextInput
            label={t('connect.consumerKey')}
            placeholder="ck_…"
            autoComplete="off"
            error={errors.consumer_key?.message}
            {...register('consumer_key')}
          />
          <PasswordInput
            label={t('connect.consumerSecret')}
            placeholder="cs_…"
            autoComplete="off"
            error={errors.consumer_secret?.message}
            {...register('consumer_secret')}
          />
        </>
      )}
    </EntityForm>
  );
}

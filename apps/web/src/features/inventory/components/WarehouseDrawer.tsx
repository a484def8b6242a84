import { warehouseSchema, type WarehouseView } from '@despacho/domain';
import { Divider, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { addressFormValues } from '../../../lib/address-form';
import { useDomainForm } from '../../../lib/useDomainForm';
import { AddressFields } from '../../../ui/AddressFields';
import { EntityDrawer } from '../../../ui/EntityDrawer';
import { EntityForm } from '../../../ui/EntityForm';
import { useRefreshWarehouses, warehousesApi } from '../warehouses-api';

/** Creates (`warehouse` null) or edits a platform warehouse beside the list. */
export function WarehouseDrawer({
  opened,
  warehouse,
  onClose,
}: {
  opened: boolean;
  warehouse: WarehouseView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  return (
    <EntityDrawer
      opened={opened}
      onClose={onClose}
      title={warehouse ? t('warehouses.edit.title') : t('warehouses.create.title')}
      closeLabel={t('warehouses.close')}
    >
      <WarehouseForm key={warehouse?.id ?? 'new'} warehouse={warehouse} onDone={onClose} />
    </EntityDrawer>
  );
}

function WarehouseForm({
  warehouse,
  onDone,
}: {
  warehouse: WarehouseView | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('inventory');
  const refresh = useRefreshWarehouses();
  const { form, formProps } = useDomainForm({
    schema: warehouseSchema,
    defaultValues: {
      name: warehouse?.name ?? '',
      code: warehouse?.code ?? '',
      address: addressFormValues(warehouse?.address),
      contact_phone: warehouse?.contact_phone ?? '',
      contact_email: warehouse?.contact_email ?? '',
    },
    submit: (values) =>
      warehouse ? warehousesApi.update(warehouse.id, values) : warehousesApi.create(values),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: t(warehouse ? 'warehouses.edit.saved' : 'warehouses.create.saved', {
          name: saved.name,
        }),
      });
      onDone();
      await refresh();
    },
  });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('warehouses.cancel')}
      submitLabel={t(warehouse ? 'warehouses.edit.submit' : 'warehouses.create.submit')}
    >
      <TextInput
        label={t('warehouses.fields.name')}
        withAsterisk
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextInput
        label={t('warehouses.fields.code')}
        description={t('warehouses.fields.codeHint')}
        withAsterisk
        maxLength={20}
        autoCapitalize="characters"
        styles={{ input: { textTransform: 'uppercase' } }}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <TextInput
        label={t('warehouses.fields.contactPhone')}
        description={t('warehouses.fields.contactPhoneHint')}
        withAsterisk
        inputMode="tel"
        maxLength={10}
        error={errors.contact_phone?.message}
        {...form.register('contact_phone')}
      />
      <TextInput
        label={t('warehouses.fields.contactEmail')}
        type="email"
        error={errors.contact_email?.message}
        {...form.register('contact_email')}
      />
      <Divider label={t('warehouses.fields.address')} labelPosition="left" />
      <AddressFields name="address" />
    </EntityForm>
  );
}

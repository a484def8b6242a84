import { vendorSchema, type VendorView } from '@despacho/domain';
import { Divider, Group, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addressFormValues } from '../../../lib/address-form';
import { useDomainForm } from '../../../lib/useDomainForm';
import { AddressFields } from '../../../ui/AddressFields';
import { EntityDrawer } from '../../../ui/EntityDrawer';
import { EntityForm } from '../../../ui/EntityForm';
import { vendorsApi, useRefreshVendors } from '../api';

/** Creates (`vendor` null) or edits a vendor beside the list. */
export function VendorDrawer({
  opened,
  vendor,
  onClose,
}: {
  opened: boolean;
  vendor: VendorView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('vendors');
  return (
    <EntityDrawer
      opened={opened}
      onClose={onClose}
      title={vendor ? t('edit.title') : t('create.title')}
      closeLabel={t('actions.close')}
    >
      <VendorForm key={vendor?.id ?? 'new'} vendor={vendor} onDone={onClose} />
    </EntityDrawer>
  );
}

function VendorForm({ vendor, onDone }: { vendor: VendorView | null; onDone: () => void }) {
  const { t } = useTranslation('vendors');
  const { t: addresses } = useTranslation('addresses');
  const refresh = useRefreshVendors();
  const { form, formProps } = useDomainForm({
    schema: vendorSchema,
    defaultValues: {
      name: vendor?.name ?? '',
      code: vendor?.code ?? '',
      email: vendor?.email ?? '',
      address: addressFormValues(vendor?.address),
      status: vendor?.status ?? 'enabled',
    },
    submit: (values) => (vendor ? vendorsApi.update(vendor.id, values) : vendorsApi.create(values)),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: vendor
          ? t('edit.saved', { name: saved.name })
          : t('create.saved', { name: saved.name }),
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
      cancelLabel={t('actions.cancel')}
      submitLabel={vendor ? t('edit.submit') : t('create.submit')}
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.code')}
          description={t('fields.codeHint')}
          withAsterisk
          maxLength={20}
          autoCapitalize="characters"
          styles={{ input: { textTransform: 'uppercase' } }}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextInput
          label={t('fields.email')}
          withAsterisk
          type="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </Group>
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <Switch
            label={t('fields.enabled')}
            description={t('fields.enabledHint')}
            checked={field.value !== 'disabled'}
            onChange={(event) =>
              field.onChange(event.currentTarget.checked ? 'enabled' : 'disabled')
            }
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <Divider label={t('sections.address')} labelPosition="left" />
      <AddressFields name="address" />
      <TextInput label={addresses('fields.country')} value="México" readOnly disabled />
    </EntityForm>
  );
}

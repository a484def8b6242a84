import { locationSchema, type LocationView } from '@despacho/domain';
import { Checkbox, Divider, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { addressFormValues } from '../lib/address-form';
import { locationsApi, useRefreshLocations } from '../lib/api/locations';
import { useDomainForm } from '../lib/useDomainForm';
import { AddressFields } from './AddressFields';
import { EntityDrawer } from './EntityDrawer';
import { EntityForm } from './EntityForm';

/**
 * Creates (`location` null) or edits an origin location in a drawer: beside the locations list,
 * and inside create shipment when the merchant has none yet (`onSaved` gets the stored one).
 */
export function LocationDrawer({
  opened,
  location,
  onClose,
  onSaved,
}: {
  opened: boolean;
  location: LocationView | null;
  onClose: () => void;
  onSaved?: (saved: LocationView) => void;
}) {
  const { t } = useTranslation('addresses');
  return (
    <EntityDrawer
      opened={opened}
      onClose={onClose}
      title={location ? t('locations.edit.title') : t('locations.create.title')}
      closeLabel={t('actions.close')}
    >
      <LocationForm
        key={location?.id ?? 'new'}
        location={location}
        onDone={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    </EntityDrawer>
  );
}

function LocationForm({
  location,
  onDone,
}: {
  location: LocationView | null;
  onDone: (saved: LocationView) => void;
}) {
  const { t } = useTranslation('addresses');
  const refresh = useRefreshLocations();
  const { form, formProps } = useDomainForm({
    schema: locationSchema,
    defaultValues: {
      alias: location?.alias ?? '',
      company: location?.company ?? '',
      contact_name: location?.contact_name ?? '',
      contact_email: location?.contact_email ?? '',
      contact_phone: location?.contact_phone ?? '',
      ...addressFormValues(location),
      is_default: location?.is_default ?? false,
    },
    submit: (values) =>
      location ? locationsApi.update(location.id, values) : locationsApi.create(values),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: location ? t('locations.edit.saved') : t('locations.create.saved'),
      });
      onDone(saved);
      await refresh();
    },
  });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('actions.cancel')}
      submitLabel={location ? t('locations.edit.submit') : t('locations.create.submit')}
    >
      <TextInput
        label={t('fields.alias')}
        description={t('fields.aliasHint')}
        withAsterisk
        error={errors.alias?.message}
        {...form.register('alias')}
      />
      <TextInput
        label={t('fields.company')}
        error={errors.company?.message}
        {...form.register('company')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.contactName')}
          withAsterisk
          error={errors.contact_name?.message}
          {...form.register('contact_name')}
        />
        <TextInput
          label={t('fields.contactPhone')}
          withAsterisk
          inputMode="tel"
          maxLength={10}
          error={errors.contact_phone?.message}
          {...form.register('contact_phone')}
        />
      </Group>
      <TextInput
        label={t('fields.contactEmail')}
        withAsterisk
        type="email"
        error={errors.contact_email?.message}
        {...form.register('contact_email')}
      />
      <Divider label={t('sections.address')} labelPosition="left" />
      <AddressFields />
      <TextInput label={t('fields.country')} value="México" readOnly disabled />
      {location?.is_default ? (
        <Text fz="sm" c="dimmed">
          {t('locations.isDefaultNote')}
        </Text>
      ) : (
        <Checkbox label={t('fields.isDefault')} {...form.register('is_default')} />
      )}
    </EntityForm>
  );
}

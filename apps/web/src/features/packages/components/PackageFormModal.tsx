import {
  PACKAGE_UNITS,
  packageInputSchema,
  volumetricWeight,
  type Package,
  type PackageUnit,
} from '@despacho/domain';
import { NativeSelect, NumberInput, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { controlledCatalogCode } from '../../../ui/CatalogCodeField';
import { EntityDrawer } from '../../../ui/EntityDrawer';
import { EntityForm } from '../../../ui/EntityForm';
import { SatProductField } from '../../../ui/SatProductField';
import { packagesApi, useRefreshPackages } from '../../../lib/api/packages';

type Dimension = 'length' | 'width' | 'height' | 'weight';
const DIMENSIONS: Dimension[] = ['length', 'width', 'height', 'weight'];

/** Creates a package (`editing` null) or edits one; the modal mounts the form afresh each time. */
export function PackageFormModal({
  opened,
  editing,
  defaultUnit,
  onClose,
}: {
  opened: boolean;
  editing: Package | null;
  defaultUnit: PackageUnit;
  onClose: () => void;
}) {
  const { t } = useTranslation('packages');
  return (
    <EntityDrawer
      surface="modal"
      opened={opened}
      onClose={onClose}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      closeLabel={t('form.close')}
    >
      <PackageForm editing={editing} defaultUnit={defaultUnit} onDone={onClose} />
    </EntityDrawer>
  );
}

function PackageForm({
  editing,
  defaultUnit,
  onDone,
}: {
  editing: Package | null;
  defaultUnit: PackageUnit;
  onDone: () => void;
}) {
  const { t } = useTranslation('packages');
  const refresh = useRefreshPackages();
  const { form, formProps } = useDomainForm({
    schema: packageInputSchema,
    defaultValues: editing
      ? {
          name: editing.name,
          unit: editing.unit,
          length: editing.length,
          width: editing.width,
          height: editing.height,
          weight: editing.weight,
          sat_code: editing.sat_code,
          is_default: editing.is_default,
        }
      : { name: '', unit: defaultUnit, sat_code: '', is_default: false },
    submit: (values) =>
      editing ? packagesApi.update(editing.id, values) : packagesApi.create(values),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: t(editing ? 'form.updated' : 'form.created', { name: saved.name }),
      });
      onDone();
      await refresh();
    },
  });
  const { errors } = form.formState;
  const [unit, length, width, height] = useWatch({
    control: form.control,
    name: ['unit', 'length', 'width', 'height'],
  });
  const volumetric =
    typeof length === 'number' && typeof width === 'number' && typeof height === 'number'
      ? volumetricWeight({ unit, length, width, height })
      : null;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
    >
      <TextInput
        label={t('fields.name')}
        data-autofocus
        error={errors.name?.message}
        {...form.register('name')}
      />
      <NativeSelect
        label={t('fields.unit')}
        data={PACKAGE_UNITS.map((value) => ({ value, label: t(`units.${value}`) }))}
        error={errors.unit?.message}
        {...form.register('unit')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {DIMENSIONS.map((field) => (
          <Controller
            key={field}
            control={form.control}
            name={field}
            render={({ field: input, fieldState }) => (
              <NumberInput
                label={t(`fields.${field}`, {
                  unit: t(`units.${field === 'weight' ? 'weight' : 'length'}.${unit}`),
                })}
                decimalScale={field === 'weight' ? 3 : 2}
                min={0}
                hideControls
                name={input.name}
                ref={input.ref}
                onBlur={input.onBlur}
                value={input.value ?? ''}
                onChange={(value) => input.onChange(typeof value === 'number' ? value : undefined)}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </SimpleGrid>
      <Text fz="sm" c="dimmed">
        {t('fields.volumetric')}:{' '}
        {volumetric === null ? '—' : `${volumetric} ${t(`units.weight.${unit}`)}`}
      </Text>
      <Controller
        control={form.control}
        name="sat_code"
        render={(controller) => (
          <SatProductField
            label={t('fields.satCode')}
            hint={t('fields.satCodeHint')}
            {...controlledCatalogCode(controller)}
          />
        )}
      />
      <Switch label={t('fields.isDefault')} {...form.register('is_default')} />
    </EntityForm>
  );
}

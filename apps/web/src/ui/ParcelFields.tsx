import { PACKAGE_UNITS, parcelInputSchema, type Package, type PackageUnit } from '@despacho/domain';
import { NativeSelect, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { Controller, get, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldRulesOf } from '../lib/field-rules';

const CUSTOM = 'custom';
const MEASURES = ['length', 'width', 'height', 'weight'] as const;
/** Required marks, from the schema every parcel (quoted or shipped) validates with. */
const RULES = fieldRulesOf(parcelInputSchema.shape);

/**
 * One parcel's measures inside a react-hook-form form, under `name` (`parcels.0`, `packages.2`):
 * a saved package to start from (when `savedPackages` is given), the unit, and length, width,
 * height and weight in that unit. Choosing a saved package copies its measures, unit and name and
 * keeps its id; changing a measure afterwards makes it a custom parcel. Nothing is converted: the
 * API converts in/lb itself.
 */
export function ParcelFields({
  name,
  savedPackages,
}: {
  name: string;
  savedPackages?: readonly Package[];
}) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext();
  const { errors } = form.formState;
  const [packageId, unit] = useWatch({
    control: form.control,
    name: [`${name}.package_id`, `${name}.unit`],
  }) as [string | null | undefined, PackageUnit | undefined];
  const currentUnit: PackageUnit = unit ?? 'cm_kg';
  const errorOf = (field: string) =>
    (get(errors, `${name}.${field}`) as { message?: string } | undefined)?.message;

  const choose = (value: string | null) => {
    const saved = savedPackages?.find((pkg) => pkg.id === value);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (!saved) {
      form.setValue(`${name}.package_id`, null, options);
      return;
    }
    form.setValue(`${name}.package_id`, saved.id, options);
    form.setValue(`${name}.name`, saved.name, options);
    form.setValue(`${name}.unit`, saved.unit, options);
    for (const measure of MEASURES) form.setValue(`${name}.${measure}`, saved[measure], options);
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: savedPackages ? 2 : 1 }}>
        {savedPackages && (
          <Select
            label={t('parcel.saved')}
            description={t('parcel.savedHint')}
            data={[
              { value: CUSTOM, label: t('parcel.custom') },
              ...savedPackages.map((pkg) => ({
                value: pkg.id,
                label: t('parcel.savedOption', {
                  name: pkg.name,
                  length: pkg.length,
                  width: pkg.width,
                  height: pkg.height,
                  weight: pkg.weight,
                  lengthUnit: t(`units.length.${pkg.unit}`),
                  weightUnit: t(`units.weight.${pkg.unit}`),
                }),
              })),
            ]}
            value={packageId ?? CUSTOM}
            onChange={choose}
            allowDeselect={false}
            searchable
          />
        )}
        <NativeSelect
          label={t('parcel.unit')}
          data={PACKAGE_UNITS.map((value) => ({ value, label: t(`units.${value}`) }))}
          error={errorOf('unit')}
          {...form.register(`${name}.unit`, {
            onChange: () => form.setValue(`${name}.package_id`, null),
          })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {MEASURES.map((measure) => (
          <Controller
            key={measure}
            control={form.control}
            name={`${name}.${measure}`}
            render={({ field, fieldState }) => (
              <NumberInput
                label={t(`parcel.${measure}`, {
                  unit: t(`units.${measure === 'weight' ? 'weight' : 'length'}.${currentUnit}`),
                })}
                withAsterisk={RULES[measure].required}
                decimalScale={measure === 'weight' ? 3 : 2}
                min={0}
                hideControls
                inputMode="decimal"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={(field.value as number | undefined) ?? ''}
                onChange={(value) => {
                  const next = typeof value === 'number' ? value : undefined;
                  if (next !== field.value && form.getValues(`${name}.package_id`)) {
                    form.setValue(`${name}.package_id`, null);
                  }
                  field.onChange(next);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

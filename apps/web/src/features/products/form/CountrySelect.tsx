import { Select } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../../ui/countries';
import type { ProductFormValues } from './product-form';

/** A country of SAT's c_Pais by its name in the screen's language, stored as the alpha-3 code. */
export function CountrySelect({
  name,
  label,
}: {
  name: 'origin_country' | 'manufacture_country';
  label: string;
}) {
  const { t } = useTranslation('products');
  const data = useCountryOptions(t('fields.countryOther'));

  return (
    <Controller<ProductFormValues, typeof name>
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          data={data}
          searchable
          clearable
          name={field.name}
          ref={field.ref}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={(value) => field.onChange(value ?? undefined)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

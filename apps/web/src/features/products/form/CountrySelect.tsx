import { Select } from '@mantine/core';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProductFormValues } from './product-form';

// Registered here, in the product form's lazy chunk: no other screen pays for the names.
countries.registerLocale(es);
countries.registerLocale(en);

/** SAT's c_Pais is ISO 3166 alpha-3 plus ZZZ, "Otro" (a country the catalogue does not list). */
const OTHER = 'ZZZ';

/** A country of SAT's c_Pais by its name in the screen's language, stored as the alpha-3 code. */
export function CountrySelect({
  name,
  label,
}: {
  name: 'origin_country' | 'manufacture_country';
  label: string;
}) {
  const { t, i18n } = useTranslation('products');
  const language = i18n.language.startsWith('en') ? 'en' : 'es';
  const data = useMemo(() => {
    const names = countries.getNames(language, { select: 'official' });
    const options = Object.entries(names).map(([alpha2, country]) => ({
      value: countries.alpha2ToAlpha3(alpha2) ?? alpha2,
      label: country,
    }));
    options.sort((a, b) => a.label.localeCompare(b.label, language));
    return [...options, { value: OTHER, label: t('fields.countryOther') }];
  }, [language, t]);

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

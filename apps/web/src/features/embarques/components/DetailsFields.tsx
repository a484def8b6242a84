import { EMBARQUE_DIRECTIONS, INCOTERMS, TRANSPORT_MODES } from '@despacho/domain';
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../../ui/countries';

type Enumerated = 'direction' | 'mode' | 'incoterm';
type Country = 'supplier.country' | 'origin.country' | 'destination.country';
type Text = 'supplier.name' | 'origin.place' | 'destination.place' | 'customer_reference';

/** The embarque's header fields, as the create (and a correction) take them. */
export function DetailsFields() {
  const { t } = useTranslation('embarques');
  const form = useFormContext();
  const countries = useCountryOptions(t('staff.otherCountry'));
  const errorOf = (name: string) =>
    get(form.formState.errors, name) as { message?: string } | undefined;
  const choice = (name: Enumerated, label: string, data: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={field.value as string}
          onChange={field.onChange}
          allowDeselect={false}
          withAsterisk
          error={errorOf(name)?.message}
        />
      )}
    />
  );
  const country = (name: Country, label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={countries}
          searchable
          withAsterisk
          value={(field.value as string) || null}
          onChange={(value) => field.onChange(value ?? '')}
          error={errorOf(name)?.message}
        />
      )}
    />
  );
  const text = (name: Text, label: string, required = true) => (
    <TextInput
      label={label}
      withAsterisk={required}
      {...form.register(name)}
      error={errorOf(name)?.message}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {choice(
          'direction',
          t('detail.direction'),
          EMBARQUE_DIRECTIONS.map((value) => ({ value, label: t(`directions.${value}`) })),
        )}
        {choice(
          'mode',
          t('detail.mode'),
          TRANSPORT_MODES.map((value) => ({ value, label: t(`modes.${value}`) })),
        )}
        {choice(
          'incoterm',
          t('detail.incoterm'),
          INCOTERMS.map((value) => ({ value, label: value })),
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('supplier.name', t('staff.supplierName'))}
        {country('supplier.country', t('staff.supplierCountry'))}
        {country('origin.country', t('staff.originCountry'))}
        {text('origin.place', t('staff.originPlace'))}
        {country('destination.country', t('staff.destinationCountry'))}
        {text('destination.place', t('staff.destinationPlace'))}
      </SimpleGrid>
      {text('customer_reference', t('staff.customerReference'), false)}
      <Textarea label={t('staff.notes')} rows={2} {...form.register('notes')} />
    </>
  );
}

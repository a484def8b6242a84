import {
  EMBARQUE_DIRECTIONS,
  embarqueCreateSchema,
  INCOTERMS,
  TRANSPORT_MODES,
  type StaffEmbarque,
} from '@despacho/domain';
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useCountryOptions } from '../../../ui/countries';
import { EntityForm } from '../../../ui/EntityForm';
import { useCreateEmbarque, useEmbarqueOrganizations } from '../staff-api';

/**
 * Opens an embarque for a merchant organization (picked by name): direction, transport and
 * incoterm, supplier, origin and destination; the goods are added on its page.
 */
export function CreateEmbarqueForm({ onDone }: { onDone: (created: StaffEmbarque) => void }) {
  const { t } = useTranslation('embarques');
  const create = useCreateEmbarque();
  const { form, formProps } = useDomainForm({
    schema: embarqueCreateSchema,
    defaultValues: {
      organization_id: '',
      direction: 'import',
      mode: 'sea',
      incoterm: 'FOB',
      supplier: { name: '', country: '' },
      origin: { country: '', place: '' },
      destination: { country: 'MEX', place: '' },
      customer_reference: '',
      notes: '',
      lines: [],
    },
    submit: (values) => create.mutateAsync({ ...values, lines: [] }),
    onSuccess: onDone,
  });
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.create')}
      cancelLabel={t('staff.cancel')}
    >
      <OrganizationPicker />
      <DetailsFields />
    </EntityForm>
  );
}

/** The merchant organization, searched by name on the server. */
function OrganizationPicker() {
  const { t } = useTranslation('embarques');
  const form = useFormContext<{ organization_id: string }>();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const options = useEmbarqueOrganizations(query, true);
  return (
    <Controller
      control={form.control}
      name="organization_id"
      render={({ field, fieldState }) => (
        <Select
          label={t('staff.organization')}
          placeholder={t('staff.organizationPlaceholder')}
          searchable
          withAsterisk
          searchValue={search}
          onSearchChange={setSearch}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          // The server searches names; the list shows what it answered.
          filter={({ options: all }) => all}
          nothingFoundMessage={
            options.isFetching ? t('staff.searching') : t('staff.noOrganizations')
          }
          data={(options.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

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

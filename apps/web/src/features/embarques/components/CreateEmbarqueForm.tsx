import { embarqueCreateSchema, type StaffEmbarque } from '@despacho/domain';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { useCreateEmbarque, useEmbarqueOrganizations } from '../staff-api';
import { DetailsFields } from './DetailsFields';

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

import {
  restrictionInputSchema,
  T1_RESTRICTION_AUTHORITIES,
  T1_RESTRICTION_KINDS,
  T1_RESTRICTION_SCOPES,
  type RestrictionInput,
  type RestrictionView,
} from '@despacho/domain';
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../lib/dates';
import { useDomainForm } from '../../../../lib/useDomainForm';
import { EntityForm } from '../../../../ui/EntityForm';
import { staffInternationalApi, useSaveRow } from '../../staff-api';
import { DayField } from './DayField';

const CHOICES = {
  scope: { values: T1_RESTRICTION_SCOPES, texts: 'scopes' },
  authority: { values: T1_RESTRICTION_AUTHORITIES, texts: 'authorities' },
  kind: { values: T1_RESTRICTION_KINDS, texts: 'restrictionKinds' },
} as const;

/** A non-tariff restriction of an 8-digit fracción: the courier path refuses it while in force. */
export function RestrictionForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const save = useSaveRow(staffInternationalApi.createRestriction);
  const { form, formProps } = useDomainForm({
    schema: restrictionInputSchema,
    defaultValues: {
      fraction: '',
      scope: 'both',
      authority: 'SE',
      kind: 'nom',
      code: '',
      description: '',
      source: '',
      effective_from: dates.today(),
      effective_to: null,
    } satisfies RestrictionInput,
    submit: (): Promise<RestrictionView> => save.mutateAsync(form.getValues()),
    onSuccess: onDone,
  });
  const errorOf = (name: string) =>
    (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.restrictions.save')}
      cancelLabel={t('staff.cancel')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('staff.fields.fraction')}
          description={t('staff.restrictions.fractionHint')}
          placeholder="3004.90.99"
          withAsterisk
          error={errorOf('fraction')}
          {...form.register('fraction')}
        />
        {(Object.keys(CHOICES) as (keyof typeof CHOICES)[]).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <Select
                label={t(`staff.fields.${name}`)}
                withAsterisk
                allowDeselect={false}
                data={CHOICES[name].values.map((value) => ({
                  value,
                  label: t(`${CHOICES[name].texts}.${value}`),
                }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
              />
            )}
          />
        ))}
        <TextInput
          label={t('staff.fields.code')}
          placeholder="NOM-050-SCFI-2004"
          withAsterisk
          maxLength={100}
          error={errorOf('code')}
          {...form.register('code')}
        />
        <TextInput
          label={t('staff.fields.source')}
          withAsterisk
          error={errorOf('source')}
          {...form.register('source')}
        />
        <DayField name="effective_from" label={t('staff.fields.effective_from')} required />
        <DayField name="effective_to" label={t('staff.fields.effective_to')} />
      </SimpleGrid>
      <Textarea
        label={t('staff.fields.description')}
        withAsterisk
        rows={3}
        maxLength={1000}
        error={errorOf('description')}
        {...form.register('description')}
      />
    </EntityForm>
  );
}

import {
  ANY_COUNTRY,
  dutyRateInputSchema,
  T1_DIRECTIONS,
  type DutyRateInput,
  type DutyRateView,
} from '@despacho/domain';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../lib/dates';
import { fieldRulesOf } from '../../../../lib/field-rules';
import { useDomainForm } from '../../../../lib/useDomainForm';
import { useAlpha2CountryOptions } from '../../../../ui/countries';
import { EntityForm } from '../../../../ui/EntityForm';
import { staffInternationalApi, useSaveRow } from '../../staff-api';
import { DayField } from './DayField';

const RULES = fieldRulesOf(dutyRateInputSchema.shape);
const TEXTS = ['min_value_usd', 'max_value_usd', 'rate_percent', 'label', 'source'] as const;

/** A new band of the duty rates table, in force from its first day (and to its last, if set). */
export function DutyRateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const countries = useAlpha2CountryOptions('');
  const save = useSaveRow(staffInternationalApi.createDutyRate);
  const { form, formProps } = useDomainForm({
    schema: dutyRateInputSchema,
    defaultValues: {
      direction: 'import',
      country: ANY_COUNTRY,
      min_value_usd: '0.00',
      max_value_usd: null,
      rate_percent: '',
      label: '',
      source: '',
      effective_from: dates.today(),
      effective_to: null,
    } satisfies DutyRateInput,
    submit: (): Promise<DutyRateView> => save.mutateAsync(form.getValues()),
    onSuccess: onDone,
  });
  const errorOf = (name: string) =>
    (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.rates.save')}
      cancelLabel={t('staff.cancel')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <Select
              label={t('staff.fields.direction')}
              withAsterisk
              allowDeselect={false}
              data={T1_DIRECTIONS.map((value) => ({
                value,
                label: t(`list.directions.${value}`),
              }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'import')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <Select
              label={t('staff.fields.country')}
              description={t('staff.rates.countryHint')}
              withAsterisk
              searchable
              allowDeselect={false}
              data={[{ value: ANY_COUNTRY, label: t('staff.rates.anyCountry') }, ...countries]}
              value={field.value}
              onChange={(value) => field.onChange(value ?? ANY_COUNTRY)}
              error={fieldState.error?.message}
            />
          )}
        />
        {TEXTS.map((name) => (
          <TextInput
            key={name}
            label={t(`staff.fields.${name}`)}
            description={name === 'max_value_usd' ? t('staff.rates.noCeiling') : undefined}
            withAsterisk={RULES[name].required}
            maxLength={RULES[name].maxLength}
            inputMode={name === 'label' || name === 'source' ? undefined : 'decimal'}
            error={errorOf(name)}
            {...form.register(name, {
              // A blank ceiling is no ceiling: the schema takes null, not an empty text.
              ...(name === 'max_value_usd' && {
                setValueAs: (value: string | null) => (value === '' ? null : value),
              }),
            })}
          />
        ))}
        <DayField name="effective_from" label={t('staff.fields.effective_from')} required />
        <DayField name="effective_to" label={t('staff.fields.effective_to')} />
      </SimpleGrid>
    </EntityForm>
  );
}

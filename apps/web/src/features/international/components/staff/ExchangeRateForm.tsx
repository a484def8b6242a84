import { exchangeRateInputSchema } from '@despacho/domain';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../lib/dates';
import { useDomainForm } from '../../../../lib/useDomainForm';
import { EntityForm } from '../../../../ui/EntityForm';
import { staffInternationalApi, useSaveRow } from '../../staff-api';
import { DayField } from './DayField';

/** A USD→MXN rate, in force from its day until a later one starts. */
export function ExchangeRateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const save = useSaveRow(staffInternationalApi.createExchangeRate);
  const { form, formProps } = useDomainForm({
    schema: exchangeRateInputSchema,
    defaultValues: { usd_mxn: '', effective_from: dates.today(), source: '' },
    submit: (values) => save.mutateAsync(values),
    onSuccess: onDone,
  });
  const { errors } = form.formState;
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.exchange.save')}
      cancelLabel={t('staff.cancel')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('staff.fields.usd_mxn')}
          withAsterisk
          inputMode="decimal"
          placeholder="18.2500"
          error={errors.usd_mxn?.message}
          {...form.register('usd_mxn')}
        />
        <DayField name="effective_from" label={t('staff.fields.effective_from')} required />
      </SimpleGrid>
      <TextInput
        label={t('staff.fields.source')}
        withAsterisk
        error={errors.source?.message}
        {...form.register('source')}
      />
    </EntityForm>
  );
}

import {
  CLASSIFICATION_RULES,
  classificationResultInputSchema,
  formatTariffCode,
  INTERPRETATION_RULES,
  type ClassificationResult,
} from '@despacho/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useClassificationCandidates, useRecordResult } from '../staff-api';
import { CandidateList } from './CandidateList';
import { DutyFields } from './DutyFields';
import { RestrictionsFields } from './RestrictionsFields';
import { resultFormValues } from './result-form';
import { TariffPicker } from './TariffPicker';

const CHAIN = ['chapter', 'heading', 'subheading', 'fraction_text'] as const;

/**
 * The classifier's work: the top candidates and the catalogue picker fill the code; the chain,
 * the rationale, the duties by origin, the restrictions and the tariff data's date complete it.
 * Saving records it (the API checks the code against the catalogue in force today).
 */
export function ResultForm({ id, result }: { id: string; result: ClassificationResult | null }) {
  const { t, i18n } = useTranslation('classification');
  const candidates = useClassificationCandidates(id, true);
  const record = useRecordResult(id);
  const { form, formProps } = useDomainForm({
    schema: classificationResultInputSchema,
    defaultValues: resultFormValues(result),
    submit: (values) => record.mutateAsync({ ...values, code: formatTariffCode(values.code) }),
    onSuccess: () => notifications.show({ color: 'green', message: t('staff.form.saved') }),
  });
  const noAgreement = useWatch({ control: form.control, name: 'duties.no_agreement' });
  const errors = form.formState.errors;
  const use = (code: string) => form.setValue('code', code, { shouldDirty: true });

  return (
    <FormProvider {...form}>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('staff.candidates')}
            </Title>
            <Text fz="xs" c="dimmed">
              {t('staff.candidatesHint')}
            </Text>
            {candidates.data && (
              <CandidateList
                candidates={candidates.data}
                onUse={use}
                empty={t('staff.noCandidates')}
              />
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <TariffPicker onUse={use} />
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md" mt="lg">
        <form onSubmit={formProps.onSubmit} noValidate aria-label={t('staff.form.title')}>
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('staff.form.title')}
            </Title>
            {formProps.error && (
              <Alert color="red" variant="light" role="alert">
                {formProps.error}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('result.code')}
                description={t('staff.form.codeHint')}
                withAsterisk
                error={errors.code?.message}
                {...form.register('code')}
              />
              <Controller
                name="tariff_data_date"
                render={({ field, fieldState }) => (
                  <DatePickerInput
                    label={t('result.tariffDataDate')}
                    withAsterisk
                    locale={i18n.language}
                    valueFormat="DD/MM/YYYY"
                    maxDate={new Date()}
                    value={typeof field.value === 'string' && field.value ? field.value : null}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>
            {CHAIN.map((link) => (
              <TextInput
                key={link}
                label={t(`staff.form.${link}`)}
                withAsterisk
                maxLength={CLASSIFICATION_RULES.inputMax}
                error={errors[link]?.message}
                {...form.register(link)}
              />
            ))}
            <Controller
              name="rationale_rules"
              render={({ field, fieldState }) => (
                <MultiSelect
                  label={t('staff.form.rules')}
                  withAsterisk
                  data={INTERPRETATION_RULES.map((value) => ({
                    value,
                    label: t(`rules.${value}`),
                  }))}
                  value={field.value as string[]}
                  onChange={field.onChange}
                  searchable
                  error={fieldState.error?.message}
                />
              )}
            />
            <Textarea
              label={t('result.rationale')}
              withAsterisk

              rows={3}
              maxLength={CLASSIFICATION_RULES.rationaleMax}
              error={errors.rationale?.message}
              {...form.register('rationale')}
            />
            <Text fz="sm" fw={600}>
              {t('staff.form.duties')}
            </Text>
            <DutyFields path="duties.general" label={t('result.duties.general')} />
            <DutyFields path="duties.tmec" label={t('result.duties.tmec')} />
            <Checkbox
              label={t('staff.form.noAgreementToggle')}
              checked={noAgreement != null}
              onChange={(event) =>
                form.setValue(
                  'duties.no_agreement',
                  event.currentTarget.checked ? { kind: 'ad_valorem', rate_percent: null } : null,
                  { shouldDirty: true },
                )
              }
            />
            {noAgreement != null && (
              <DutyFields path="duties.no_agreement" label={t('result.duties.no_agreement')} />
            )}
            <RestrictionsFields />
            <Group justify="flex-end">
              <Button type="submit" loading={formProps.busy}>
                {t('staff.form.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </FormProvider>
  );
}

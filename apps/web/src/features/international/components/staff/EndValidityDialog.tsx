import type { z } from '@despacho/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormProvider, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../lib/dates';
import { useDomainForm } from '../../../../lib/useDomainForm';
import { FormBody } from '../../../../ui/FormBody';
import { DayField } from './DayField';

/**
 * Ends a row's validity: the row as it is, with the last day it applies. Rows are never deleted:
 * an estimate made earlier keeps naming the band it used.
 */
export function EndValidityDialog<S extends z.ZodType<FieldValues, FieldValues>, R>({
  schema,
  row,
  summary,
  save,
  onClose,
}: {
  schema: S;
  /** The row's values as its form takes them; null while closed. */
  row: z.input<S> | null;
  /** What the row is, as the table shows it. */
  summary: string;
  save: (values: z.input<S>) => Promise<R>;
  onClose: () => void;
}) {
  const { t } = useTranslation('international');
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={t('staff.end.title')}
      centered
      closeButtonProps={{ 'aria-label': t('staff.close') }}
    >
      {row && <EndForm schema={schema} row={row} summary={summary} save={save} onClose={onClose} />}
    </Modal>
  );
}

function EndForm<S extends z.ZodType<FieldValues, FieldValues>, R>({
  schema,
  row,
  summary,
  save,
  onClose,
}: {
  schema: S;
  row: z.input<S>;
  summary: string;
  save: (values: z.input<S>) => Promise<R>;
  onClose: () => void;
}) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const { form, formProps } = useDomainForm({
    schema,
    defaultValues: { ...row, effective_to: row.effective_to || dates.today() } as DefaultValues<
      z.input<S>
    >,
    // The row's own input values travel, with the new last day.
    submit: (): Promise<R> => save(form.getValues()),
    onSuccess: onClose,
  });
  return (
    <FormProvider {...form}>
      <FormBody
        {...formProps}
        actions={
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('staff.cancel')}
            </Button>
            <Button type="submit" color="red" loading={formProps.busy}>
              {t('staff.end.submit')}
            </Button>
          </Group>
        }
      >
        <Stack gap="sm">
          <Text fz="sm">{summary}</Text>
          <Text fz="sm" c="dimmed">
            {t('staff.end.text')}
          </Text>
          <DayField name="effective_to" label={t('staff.fields.effective_to')} required />
        </Stack>
      </FormBody>
    </FormProvider>
  );
}

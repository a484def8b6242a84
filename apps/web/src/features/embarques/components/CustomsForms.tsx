import {
  embarquePedimentoSchema,
  embarqueSemaforoSchema,
  SEMAFOROS,
  type StaffEmbarque,
} from '@despacho/domain';
import { Radio, Group, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { useRecordPedimento, useRecordSemaforo } from '../staff-api';

/** The pedimento number, typed with or without spaces, checked by the shared format. */
export function PedimentoForm({
  embarque,
  onDone,
}: {
  embarque: StaffEmbarque;
  onDone: () => void;
}) {
  const { t } = useTranslation('embarques');
  const record = useRecordPedimento(embarque.id);
  const { form, formProps } = useDomainForm({
    schema: embarquePedimentoSchema,
    defaultValues: { number: embarque.pedimento?.formatted ?? '' },
    submit: (values) => record.mutateAsync(values),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.pedimentoSaved') });
      onDone();
    },
  });
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.save')}
      cancelLabel={t('staff.cancel')}
    >
      <TextInput
        label={t('staff.pedimentoNumber')}
        description={t('staff.pedimentoHint')}
        inputMode="numeric"
        autoComplete="off"
        withAsterisk
        ff="monospace"
        {...form.register('number')}
        error={form.formState.errors.number?.message}
      />
    </EntityForm>
  );
}

/** The semáforo's result: green (released) or red (inspection), with a note. */
export function SemaforoForm({
  embarque,
  onDone,
}: {
  embarque: StaffEmbarque;
  onDone: () => void;
}) {
  const { t } = useTranslation('embarques');
  const record = useRecordSemaforo(embarque.id);
  const { form, formProps } = useDomainForm({
    schema: embarqueSemaforoSchema,
    defaultValues: { result: embarque.semaforo ?? undefined, note: '' },
    submit: (values) => record.mutateAsync(values),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.semaforoSaved') });
      onDone();
    },
  });
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.save')}
      cancelLabel={t('staff.cancel')}
    >
      <Controller
        control={form.control}
        name="result"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('semaforo.label')}
            value={field.value ?? null}
            onChange={field.onChange}
            error={fieldState.error?.message}
            withAsterisk
          >
            <Group mt="xs">
              {SEMAFOROS.map((result) => (
                <Radio key={result} value={result} label={t(`semaforo.${result}`)} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      <Textarea label={t('staff.moveNote')} rows={2} {...form.register('note')} />
    </EntityForm>
  );
}

import { embarqueStepMoveSchema, type StaffEmbarque } from '@despacho/domain';
import { List, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { useMoveStep } from '../staff-api';

/**
 * The steps the embarque may move to now: those whose guards hold can be picked; a blocked one
 * stays visible, disabled, with what is missing (the server checks the same again).
 */
export function MoveStepForm({
  embarque,
  initial,
  onDone,
}: {
  embarque: StaffEmbarque;
  initial?: StaffEmbarque['step'];
  onDone: () => void;
}) {
  const { t } = useTranslation('embarques');
  const move = useMoveStep(embarque.id);
  const open = embarque.next_steps.filter((next) => next.blocked_by.length === 0);
  // A blocked step is never preselected: with nothing open, the form asks for a choice.
  const first = open.find((next) => next.step === initial)?.step ?? open[0]?.step;
  const { form, formProps } = useDomainForm({
    schema: embarqueStepMoveSchema,
    defaultValues: { to: first, note: '' },
    submit: (values) => move.mutateAsync(values),
    onSuccess: (moved) => {
      notifications.show({
        color: 'green',
        message: t('staff.moved', { step: t(`steps.${moved.step}`) }),
      });
      onDone();
    },
  });
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.move')}
      cancelLabel={t('staff.cancel')}
    >
      <Controller
        control={form.control}
        name="to"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('staff.nextStep')}
            value={field.value ?? null}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            <Stack gap="sm" mt="xs">
              {embarque.next_steps.map((next) => (
                <div key={next.step}>
                  <Radio
                    value={next.step}
                    label={t('staff.moveTo', { step: t(`steps.${next.step}`) })}
                    disabled={next.blocked_by.length > 0}
                  />
                  {next.blocked_by.length > 0 && (
                    <Stack gap={2} ml={32} mt={4}>
                      <Text fz="xs" c="dimmed">
                        {t('staff.blocked')}
                      </Text>
                      <List size="xs" c="dimmed">
                        {next.blocked_by.map((guard) => (
                          <List.Item key={guard}>{t(`guards.${guard}`)}</List.Item>
                        ))}
                      </List>
                    </Stack>
                  )}
                </div>
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <Textarea label={t('staff.moveNote')} rows={2} {...form.register('note')} />
    </EntityForm>
  );
}

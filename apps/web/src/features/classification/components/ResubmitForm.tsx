import { classificationResubmitSchema, type ClassificationItem } from '@despacho/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useResubmitClassification } from '../api';
import { ClassificationInputsFields } from './ClassificationInputsFields';

/** A rejected product completed and sent back to the queue, without paying again. */
export function ResubmitForm({ item }: { item: ClassificationItem }) {
  const { t } = useTranslation('classification');
  const resubmit = useResubmitClassification(item.request_id, item.id);
  const { inputs } = item;
  const { form, formProps } = useDomainForm({
    schema: classificationResubmitSchema,
    defaultValues: {
      ...inputs,
      brand: inputs.brand ?? '',
      model: inputs.model ?? '',
      notes: inputs.notes ?? '',
    },
    submit: (values) => resubmit.mutateAsync(values),
    onSuccess: () => notifications.show({ color: 'green', message: t('detail.resubmitted') }),
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={formProps.onSubmit} noValidate>
        <Stack gap="sm">
          <Text fw={600}>{t('detail.complete')}</Text>
          {formProps.error && (
            <Alert color="red" variant="light" role="alert">
              {formProps.error}
            </Alert>
          )}
          <ClassificationInputsFields />
          <Group justify="flex-end">
            <Button type="submit" loading={formProps.busy}>
              {t('detail.resubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

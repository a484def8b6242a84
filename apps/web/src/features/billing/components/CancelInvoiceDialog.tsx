import {
  CANCELLATION_MOTIVES,
  invoiceCancellationSchema,
  type InvoiceView,
  type StaffInvoiceView,
} from '@despacho/domain';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useCancelInvoice } from '../staff-api';

/**
 * Staff asking SAT, through the PAC, to cancel a stamped invoice: SAT's reason, and for reason
 * 01 alone the fiscal folio (UUID) of the invoice that replaces it — checked with the schema the
 * API checks. The answer is shown: cancelled at once, or pending while the receiver may answer.
 */
export function CancelInvoiceDialog({
  invoice,
  onClose,
}: {
  invoice: StaffInvoiceView;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const cancel = useCancelInvoice(invoice.id);
  const [result, setResult] = useState<InvoiceView | null>(null);
  const { form, formProps } = useDomainForm({
    schema: invoiceCancellationSchema,
    // No reason chosen at first: the empty option is selected, and refused until one is.
    defaultValues: { substitution_uuid: null },
    submit: (body) => cancel.mutateAsync(body),
    onSuccess: setResult,
  });
  const motive = form.watch('motive');
  const status = result?.cancellation?.status;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('cancel.title', { folio: invoice.folio_label })}
      centered
    >
      {status ? (
        <Stack gap="md">
          <Alert color={status === 'accepted' ? 'green' : 'yellow'} variant="light">
            {t(`cancel.result.${status}`)}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('cancel.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={formProps.onSubmit} noValidate>
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {t('cancel.body', { organization: invoice.organization.name, uuid: invoice.uuid })}
            </Text>
            {formProps.error && (
              <Alert color="red" variant="light">
                {formProps.error}
              </Alert>
            )}
            <NativeSelect
              label={t('cancel.motive')}
              withAsterisk
              data={[
                { value: '', label: t('cancel.chooseMotive') },
                ...CANCELLATION_MOTIVES.map((value) => ({
                  value,
                  label: `${value} · ${t(`cancellation.motives.${value}`)}`,
                })),
              ]}
              error={form.formState.errors.motive?.message}
              {...form.register('motive', {
                // Only reason 01 carries a replacing folio: another reason drops what was typed.
                onChange: () => form.setValue('substitution_uuid', null),
              })}
            />
            {motive === '01' && (
              <TextInput
                label={t('cancel.substitution')}
                description={t('cancel.substitutionHint')}
                withAsterisk
                error={form.formState.errors.substitution_uuid?.message}
                {...form.register('substitution_uuid', {
                  setValueAs: (value: string | null) => value || null,
                })}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('cancel.back')}
              </Button>
              <Button type="submit" color="red" loading={formProps.busy}>
                {t('cancel.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

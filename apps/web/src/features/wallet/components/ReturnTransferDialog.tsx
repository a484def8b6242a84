import { bankTransferReturnSchema, formatMoney, type BankTransferView } from '@despacho/domain';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useReturnTransfer } from '../bank-transfers-api';

/**
 * Staff record that a queued transfer went back to its sender (the return is made at the
 * bank); no money moves in Despacho. The reason stays in the audit log.
 */
export function ReturnTransferDialog({
  transfer,
  opened,
  onClose,
}: {
  transfer: BankTransferView;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bank-transfers');
  const markReturned = useReturnTransfer(transfer.id);
  const { form, formProps } = useDomainForm({
    schema: bankTransferReturnSchema,
    defaultValues: { reason: '' },
    submit: ({ reason }) => markReturned.mutateAsync(reason),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: t('return.done', { amount: formatMoney(transfer.amount_centavos) }),
      });
      form.reset();
      onClose();
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('return.title')} centered>
      <form onSubmit={formProps.onSubmit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('return.body', {
              amount: formatMoney(transfer.amount_centavos),
              sender: transfer.sender_name,
            })}
          </Text>
          {formProps.error && (
            <Alert color="red" variant="light">
              {formProps.error}
            </Alert>
          )}
          <Textarea
            label={t('return.reason')}
            placeholder={t('return.placeholder')}
            withAsterisk
            rows={3}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('return.cancel')}
            </Button>
            <Button type="submit" color="red" loading={formProps.busy}>
              {t('return.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { DEPOSIT_REJECT_REASON, depositRejectSchema, type StaffDeposit } from '@despacho/domain';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useRejectDeposit } from '../deposits-api';

/** Rejecting a deposit needs a reason (5 to 200 characters) the merchant reads as written. */
export function DepositRejectDialog({
  deposit,
  onClose,
}: {
  deposit: StaffDeposit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('deposits');
  const reject = useRejectDeposit();
  const { form, formProps } = useDomainForm({
    schema: depositRejectSchema,
    defaultValues: { reason: '' },
    submit: ({ reason }) => reject.mutateAsync({ id: deposit!.id, reason }),
    onSuccess: (rejected) => {
      notifications.show({
        color: 'green',
        message: t('staff.rejected', { organization: rejected.organization_name }),
      });
      form.reset();
      onClose();
    },
  });

  return (
    <Modal
      opened={deposit !== null}
      onClose={onClose}
      title={t('staff.rejectDialog.title')}
      centered
    >
      <form onSubmit={formProps.onSubmit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('staff.rejectDialog.body', { organization: deposit?.organization_name ?? '' })}
          </Text>
          {formProps.error && (
            <Alert color="red" variant="light">
              {formProps.error}
            </Alert>
          )}
          <Textarea
            label={t('staff.rejectDialog.reason')}
            placeholder={t('staff.rejectDialog.placeholder')}
            withAsterisk
            rows={3}
            maxLength={DEPOSIT_REJECT_REASON.max}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('staff.rejectDialog.cancel')}
            </Button>
            <Button type="submit" color="red" loading={formProps.busy}>
              {t('staff.rejectDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { VERIFICATION_RULES, verificationRejectSchema } from '@despacho/domain';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useRejectVerification } from '../api';

/** Rejecting needs a reason (the merchant reads it as written), checked like the API checks it. */
export function RejectDialog({
  organizationId,
  organizationName,
  opened,
  onClose,
}: {
  organizationId: string;
  organizationName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const reject = useRejectVerification(organizationId);
  const { form, formProps } = useDomainForm({
    schema: verificationRejectSchema,
    defaultValues: { reason: '' },
    submit: ({ reason }) => reject.mutateAsync(reason),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: t('verifications.actions.rejected', { organization: organizationName }),
      });
      form.reset();
      onClose();
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('verifications.reject.title')} centered>
      <form onSubmit={formProps.onSubmit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('verifications.reject.body')}
          </Text>
          {formProps.error && (
            <Alert color="red" variant="light">
              {formProps.error}
            </Alert>
          )}
          <Textarea
            label={t('verifications.reject.reason')}
            placeholder={t('verifications.reject.placeholder')}
            withAsterisk
            rows={4}
            maxLength={VERIFICATION_RULES.reasonMaxLength}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('verifications.reject.cancel')}
            </Button>
            <Button type="submit" color="red" loading={formProps.busy}>
              {t('verifications.reject.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

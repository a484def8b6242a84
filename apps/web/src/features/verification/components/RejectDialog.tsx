import { VERIFICATION_RULES, verificationRejectSchema } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useRejectVerification } from '../staff-api';
import { ReasonDialog } from '../../../ui/ReasonDialog';

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
  const { t } = useTranslation('verification');
  const reject = useRejectVerification(organizationId);
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      schema={verificationRejectSchema}
      maxLength={VERIFICATION_RULES.reasonMaxLength}
      rows={4}
      texts={{
        title: t('staff.reject.title'),
        body: t('staff.reject.body'),
        reason: t('staff.reject.reason'),
        placeholder: t('staff.reject.placeholder'),
        cancel: t('staff.reject.cancel'),
        submit: t('staff.reject.submit'),
      }}
      submit={(reason) => reject.mutateAsync(reason)}
      onDone={() =>
        notifications.show({
          color: 'green',
          message: t('staff.actions.rejected', { organization: organizationName }),
        })
      }
    />
  );
}

import { VERIFICATION_RULES, verificationRejectSchema } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useRejectVerification } from '../api';
import { ReasonDialog } from './ReasonDialog';

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
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      schema={verificationRejectSchema}
      maxLength={VERIFICATION_RULES.reasonMaxLength}
      rows={4}
      texts={{
        title: t('verifications.reject.title'),
        body: t('verifications.reject.body'),
        reason: t('verifications.reject.reason'),
        placeholder: t('verifications.reject.placeholder'),
        cancel: t('verifications.reject.cancel'),
        submit: t('verifications.reject.submit'),
      }}
      submit={(reason) => reject.mutateAsync(reason)}
      onDone={() =>
        notifications.show({
          color: 'green',
          message: t('verifications.actions.rejected', { organization: organizationName }),
        })
      }
    />
  );
}

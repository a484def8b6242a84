import { DEPOSIT_REJECT_REASON, depositRejectSchema, type StaffDeposit } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useRejectDeposit } from '../staff-deposits-api';
import { ReasonDialog } from '../../../ui/ReasonDialog';

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
  return (
    <ReasonDialog
      opened={deposit !== null}
      onClose={onClose}
      schema={depositRejectSchema}
      maxLength={DEPOSIT_REJECT_REASON.max}
      rows={3}
      texts={{
        title: t('staff.rejectDialog.title'),
        body: t('staff.rejectDialog.body', { organization: deposit?.organization_name ?? '' }),
        reason: t('staff.rejectDialog.reason'),
        placeholder: t('staff.rejectDialog.placeholder'),
        cancel: t('staff.rejectDialog.cancel'),
        submit: t('staff.rejectDialog.submit'),
      }}
      submit={(reason) => reject.mutateAsync({ id: deposit!.id, reason })}
      onDone={(rejected) =>
        notifications.show({
          color: 'green',
          message: t('staff.rejected', { organization: rejected.organization_name }),
        })
      }
    />
  );
}

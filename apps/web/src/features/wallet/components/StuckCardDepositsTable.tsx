import { formatMoney, type StaffDeposit } from '@despacho/domain';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useVerifyCardDeposit } from '../staff-deposits-api';
import { useDateFormat } from '../../../lib/dates';
import { CardDepositsTable } from './CardDepositsTable';

/**
 * Card deposits whose charge's answer was lost (pending past the reconciliation delay), each
 * with the action that asks the payment processor how the charge ended and settles it: credited
 * when it approved the charge, failed when it declined it or never received it.
 */
export function StuckCardDepositsTable({ deposits }: { deposits: StaffDeposit[] }) {
  const dates = useDateFormat();
  const { t } = useTranslation('deposits');
  const verify = useVerifyCardDeposit();

  const run = (deposit: StaffDeposit) =>
    verify.mutate(deposit.id, {
      onSuccess: (settled) =>
        notifications.show(
          settled.status === 'credited'
            ? {
                color: 'green',
                message: t('staff.card.credited', {
                  organization: settled.organization_name,
                  net: formatMoney(settled.net_centavos),
                }),
              }
            : {
                color: 'orange',
                message: t('staff.card.failed', {
                  organization: settled.organization_name,
                  reason: settled.reject_reason ?? '',
                }),
              },
        ),
      onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
    });

  return (
    <CardDepositsTable
      deposits={deposits}
      when={{
        header: t('staff.card.created'),
        cell: (deposit) => dates.dateTime(deposit.created_at),
      }}
      action={(deposit) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={verify.isPending && verify.variables === deposit.id}
          aria-label={t('staff.card.verifyLabel', {
            organization: deposit.organization_name,
            amount: formatMoney(deposit.amount_centavos),
          })}
          onClick={() => run(deposit)}
        >
          {t('staff.card.verify')}
        </Button>
      )}
    />
  );
}

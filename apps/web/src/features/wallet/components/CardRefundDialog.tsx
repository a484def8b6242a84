import { formatMoney, type StaffDeposit } from '@despacho/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/server-errors';
import { useRefundCardDeposit } from '../staff-deposits-api';

/**
 * The refund's failures staff act on differently from the API's general wording: spent (the
 * merchant's balance no longer holds it) and the processor not answering (the balance is already
 * debited, so repeating is the fix). Any other error reads as the API wrote it.
 */
const REFUND_ERRORS: Record<string, string> = {
  INSUFFICIENT_BALANCE: 'staff.refund.errors.spent',
  CARD_CHARGE_UNRESOLVED: 'staff.refund.errors.unanswered',
};

/**
 * Staff confirm returning a credited card deposit's net to its card: the amount leaves the
 * merchant's balance (the small-deposit fee is kept) and the processor refunds it.
 */
export function CardRefundDialog({
  deposit,
  onClose,
}: {
  deposit: StaffDeposit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('deposits');
  const refund = useRefundCardDeposit();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const words = deposit && {
    organization: deposit.organization_name,
    net: formatMoney(deposit.net_centavos),
    card: deposit.card_summary ?? t('staff.card.unknownCard'),
  };
  const confirm = () =>
    refund.mutate(deposit!.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('staff.refund.done', words!) });
        close();
      },
      onError: (failure) => {
        const key = failure instanceof ApiError ? REFUND_ERRORS[failure.code] : undefined;
        setError(key ? t(key, words!) : messageOf(failure));
      },
    });

  return (
    <Modal opened={deposit !== null} onClose={close} title={t('staff.refund.title')} centered>
      {deposit && words && (
        <Stack gap="md">
          <Text fz="sm">{t('staff.refund.body', words)}</Text>
          {deposit.fee_centavos > 0 && (
            <Text fz="sm" c="dimmed">
              {t('staff.refund.fee', { fee: formatMoney(deposit.fee_centavos) })}
            </Text>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('staff.refund.cancel')}
            </Button>
            <Button color="red" loading={refund.isPending} onClick={confirm}>
              {t('staff.refund.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { errorMessage, formatMoney, type PaymentRequest } from '@despacho/domain';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconWallet } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { REDIRECT_PARAM } from '../../../lib/paths';
import { messageOf } from '../../../lib/server-errors';
import { usePayRequest } from '../api';
import { DEPOSITS_PATH, embarquePath } from '../paths';

/**
 * One-click payment of a request from the balance. Each request keeps its Idempotency-Key while
 * no answer came back (a lost answer, a double click), so it is charged once; once the server
 * answered (paid, or refused) the next click is a new attempt with a new key.
 */
export function usePayWithBalance(id: string) {
  const { t } = useTranslation('embarques');
  const pay = usePayRequest(id);
  const keys = useRef(new Map<string, string>());
  const start = (request: PaymentRequest) => {
    const key = keys.current.get(request.id) ?? newIdempotencyKey();
    keys.current.set(request.id, key);
    pay.mutate(
      { paymentId: request.id, key },
      {
        onSuccess: (paid) => {
          keys.current.delete(request.id);
          notifications.show({
            color: 'green',
            message: t('payments.paid', {
              amount: formatMoney(paid.payment_request.amount_centavos),
              available: formatMoney(paid.available_centavos),
            }),
          });
        },
        onError: (error) => {
          if (error instanceof ApiError) keys.current.delete(request.id);
          if (!isInsufficient(error)) {
            notifications.show({ color: 'red', message: messageOf(error) });
          }
        },
      },
    );
  };
  return { pay, start };
}

const isInsufficient = (error: unknown) =>
  error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE';

export function PayButton({
  request,
  onPay,
  paying,
}: {
  request: PaymentRequest;
  onPay: (request: PaymentRequest) => void;
  paying: boolean;
}) {
  const { t } = useTranslation('embarques');
  return (
    <Button
      size="xs"
      leftSection={<IconWallet size={16} />}
      loading={paying}
      onClick={() => onPay(request)}
      aria-label={t('payments.payOf', { concept: request.concept })}
    >
      {t('payments.pay')}
    </Button>
  );
}

/**
 * What the merchant is short of: the spec's message, the amount missing and the way to deposit
 * (back here afterwards), or whom to ask when they may not deposit. `missing` comes from the
 * balance against the largest pending request, or from the server's refusal.
 */
export function ShortBalance({
  id,
  missing,
  canDeposit,
}: {
  id: string;
  missing: number;
  canDeposit: boolean;
}) {
  const { t } = useTranslation('embarques');
  const deposits = `${DEPOSITS_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: embarquePath(id) }).toString()}`;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      <Text fw={600} fz="sm">
        {errorMessage('INSUFFICIENT_BALANCE', currentLanguage())}
      </Text>
      <Text fz="sm">{t('payments.insufficientHint', { missing: formatMoney(missing) })}</Text>
      {canDeposit ? (
        <Anchor component={Link} to={deposits} fz="sm" fw={600}>
          {t('payments.deposit')}
        </Anchor>
      ) : (
        <Text fz="sm">{t('payments.askDeposit')}</Text>
      )}
    </Alert>
  );
}

/** The shortfall a refused payment reports (`details.required_centavos`, `available_centavos`). */
export function refusedShortfall(error: unknown): number | null {
  if (!isInsufficient(error)) return null;
  const { required_centavos: required, available_centavos: available } = (error as ApiError)
    .details as { required_centavos?: number; available_centavos?: number };
  return typeof required === 'number' && typeof available === 'number'
    ? required - available
    : null;
}

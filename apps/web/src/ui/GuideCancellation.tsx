import {
  CANCELLATION_WINDOW_HOURS,
  ERRORS,
  errorMessage,
  REFUND_MAX_BUSINESS_DAYS,
  formatMoney,
  type ErrorCode,
  type ShipmentDetail,
} from '@despacho/domain';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBan, IconClockHour4, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';
import { currentLanguage } from '../lib/i18n';
import { messageOf } from '../lib/server-errors';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { walletKeys } from '../lib/api/wallet';
import { cancellationPending } from '../lib/guide-cancellation';
import { useDateFormat } from '../lib/dates';

const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(ERRORS, value);

/** Why a guide cannot be cancelled: the API's code in the user's language, or its own text. */
export const refusalText = (refusal: string) =>
  isErrorCode(refusal) ? errorMessage(refusal, currentLanguage()) : refusal;

/**
 * Cancelling a guide (decision 017), on a domestic guide's page and an international one's: a
 * confirmation that states the window to cancel (in hours from its creation) and the deadline of
 * the refund (in business days from the request), each once and from the domain's rule; then the
 * pending request (the page keeps reading the guide until the carrier confirms) and finally the
 * cancellation with what was refunded. A guide that cannot be cancelled says why instead of
 * offering the button; a refusal shows the server's message. `cancel` asks for it and answers
 * the guide; `refresh` reads the page again, given the answered guide to show it at once.
 */
export function GuideCancellation({
  shipment,
  cancel: request,
  refresh,
}: {
  shipment: ShipmentDetail;
  cancel: () => Promise<ShipmentDetail>;
  refresh: (answered?: ShipmentDetail) => Promise<unknown>;
}) {
  const { t } = useTranslation('shipments');
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<ShipmentDetail | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const cancel = useMutation({
    mutationFn: request,
    onSuccess: async (body) => {
      setAsking(null);
      setRefused(null);
      // The pending message shows at once; the guide is then read again (and polled).
      await refresh(body);
    },
    onError: async (error) => {
      setAsking(null);
      setRefused(messageOf(error));
      // A refusal means the guide changed meanwhile (collected, already cancelled…): read it again.
      if (error instanceof ApiError && error.status === 409) await refresh();
    },
  });

  const tracking = shipment.tracking_number ?? '';

  // Once the refund lands, the balance in the header is read again to show it.
  const refunded = shipment.status === 'cancelled' ? shipment.charges.refunded : 0;
  useEffect(() => {
    if (refunded > 0) void queryClient.invalidateQueries({ queryKey: walletKeys.balance() });
  }, [refunded, queryClient]);

  let body;
  if (shipment.status === 'cancelled') {
    body = (
      <Alert color="gray" icon={<IconCircleCheck size={18} />} title={t('detail.cancel.doneTitle')}>
        <Stack gap={4}>
          {shipment.cancelled_at && (
            <Text fz="sm">
              {t('detail.cancel.doneAt', { date: dates.dateTime(shipment.cancelled_at) })}
            </Text>
          )}
          {shipment.charges.refunded > 0 && (
            <Text fz="sm" fw={600}>
              {t('detail.cancel.refunded', { amount: formatMoney(shipment.charges.refunded) })}
            </Text>
          )}
        </Stack>
      </Alert>
    );
  } else if (cancellationPending(shipment)) {
    body = (
      <Alert
        color="yellow"
        icon={<IconClockHour4 size={18} />}
        title={t('detail.cancel.pendingTitle')}
      >
        <Stack gap={6}>
          <Text fz="sm" fw={600}>
            {shipment.refund_due_by
              ? t('detail.cancel.pending', { date: dates.day(shipment.refund_due_by) })
              : t('detail.cancel.pendingNoDate', { days: REFUND_MAX_BUSINESS_DAYS })}
          </Text>
          <Group gap="xs">
            <Loader size="xs" color="yellow" />
            <Text fz="sm" c="dimmed">
              {t('detail.cancel.waiting', { carrier: shipment.carrier_name })}
            </Text>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (shipment.cancellation_refusal) {
    body = (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Button color="red" variant="light" leftSection={<IconBan size={18} />} disabled>
          {t('detail.cancel.open')}
        </Button>
        <Text fz="sm" c="dimmed" role="note">
          {refusalText(shipment.cancellation_refusal)}
        </Text>
      </Group>
    );
  } else {
    body = (
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={18} />}
            onClick={() => setAsking(shipment)}
          >
            {t('detail.cancel.open')}
          </Button>
          <Text fz="sm" c="dimmed">
            {t('detail.cancel.until', { date: dates.dateTimeWithZone(shipment.cancellable_until) })}
          </Text>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {refused && (
        <Alert
          color="red"
          icon={<IconInfoCircle size={18} />}
          title={t('detail.cancel.refusedTitle')}
          withCloseButton
          closeButtonLabel={t('detail.cancel.dismiss')}
          onClose={() => setRefused(null)}
        >
          {refused}
        </Alert>
      )}
      {body}
      <ConfirmDeleteModal
        item={asking}
        onClose={() => setAsking(null)}
        title={t('detail.cancel.confirmTitle', { tracking })}
        text={(guide) => (
          <>
            {t('detail.cancel.confirmWindow', {
              hours: CANCELLATION_WINDOW_HOURS,
              date: dates.dateTimeWithZone(guide.cancellable_until),
            })}
            <br />
            <br />
            {t('detail.cancel.confirmRefund', {
              carrier: guide.carrier_name,
              amount: formatMoney(guide.charges.total),
              days: REFUND_MAX_BUSINESS_DAYS,
            })}
          </>
        )}
        cancelLabel={t('detail.cancel.keep')}
        confirmLabel={t('detail.cancel.confirm')}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </Stack>
  );
}

import type { PickupView } from '@despacho/domain';
import { Modal, Text } from '@mantine/core';
import { IconBan, IconCalendarRepeat } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { RowActions } from '../../../ui/RowActions';
import { pickupsApi } from '../pickups-api';
import { PickupScheduler } from './PickupScheduler';

export type PickupChange = 'cancelled' | 'rescheduled';

/**
 * Cancel (after a confirmation) and reschedule (a day and window the carrier offers) for a
 * pickup still requested before its day's cut-off; nothing for the others. What the carrier
 * answered goes to `onChanged`, a refusal's message to `onRefused`.
 */
export function PickupActions({
  pickup,
  onChanged,
  onRefused,
}: {
  pickup: PickupView;
  onChanged: (pickup: PickupView, change: PickupChange) => void;
  onRefused: (message: string) => void;
}) {
  const { t } = useTranslation('shipments');
  const dates = useDateFormat();
  const [asking, setAsking] = useState<PickupView | null>(null);
  const [moving, setMoving] = useState(false);
  const cancel = useMutation({
    mutationFn: () => pickupsApi.cancel(pickup.id),
    onSuccess: (cancelled) => onChanged(cancelled, 'cancelled'),
    onError: (error) => onRefused(messageOf(error)),
    onSettled: () => setAsking(null),
  });

  if (!pickup.changeable) return null;
  const when = {
    carrier: pickup.carrier_name,
    confirmation: pickup.confirmation_number,
    date: dates.day(pickup.date),
    start: pickup.start,
    end: pickup.end,
  };
  return (
    <>
      {/* The kit's icon buttons: the table keeps its width at 1440 px. */}
      <RowActions
        actions={[
          {
            label: t('pickup.reschedule.open', when),
            tooltip: t('pickup.reschedule.short'),
            icon: <IconCalendarRepeat size={18} />,
            onClick: () => setMoving(true),
          },
          {
            label: t('pickup.cancel.open', when),
            tooltip: t('pickup.cancel.short'),
            icon: <IconBan size={18} />,
            color: 'red',
            onClick: () => setAsking(pickup),
          },
        ]}
      />
      <ConfirmDeleteModal
        item={asking}
        onClose={() => setAsking(null)}
        title={t('pickup.cancel.confirmTitle', when)}
        text={() => t('pickup.cancel.confirmText', when)}
        cancelLabel={t('pickup.cancel.keep')}
        confirmLabel={t('pickup.cancel.confirm')}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
      <Modal
        opened={moving}
        onClose={() => setMoving(false)}
        title={t('pickup.reschedule.title', when)}
        size="lg"
        centered
      >
        <Text fz="sm" mb="md">
          {t('pickup.reschedule.current', when)}
        </Text>
        <PickupScheduler
          carrier={pickup.carrier_key}
          locationId={pickup.location_id}
          submitLabel={t('pickup.reschedule.submit')}
          submit={(slot) => pickupsApi.reschedule(pickup.id, slot)}
          onBooked={(moved) => {
            setMoving(false);
            onChanged(moved, 'rescheduled');
          }}
        />
      </Modal>
    </>
  );
}

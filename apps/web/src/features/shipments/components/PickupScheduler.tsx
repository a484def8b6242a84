import {
  SHIPPING_TIME_ZONE,
  type CarrierKey,
  type PickupDay,
  type PickupSlotInput,
  type PickupView,
} from '@despacho/domain';
import { Alert, Button, Chip, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarOff, IconClockOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/server-errors';
import { useDateFormat } from '../../../lib/dates';
import { usePickupAvailability } from '../pickups-api';

const windowKey = (range: { start: string; end: string }) => `${range.start}-${range.end}`;

/** The two "nothing to offer" answers of the availability (spec §8), in this screen's words. */
function NoDays() {
  const { t } = useTranslation('shipments');
  return (
    <Alert color="yellow" icon={<IconCalendarOff size={18} />}>
      {t('pickup.schedule.noDays')}
    </Alert>
  );
}

function NoSchedules() {
  const { t } = useTranslation('shipments');
  return (
    <Alert color="yellow" icon={<IconClockOff size={18} />}>
      {t('pickup.schedule.noSchedules')}
    </Alert>
  );
}

/**
 * A business day the carrier offers at the origin and one of its windows, then `submit` (a new
 * pickup for chosen guides, or a requested one moved); the carrier's answer goes to `onBooked`.
 */
export function PickupScheduler({
  carrier,
  locationId,
  submitLabel,
  submit,
  onBooked,
}: {
  carrier: CarrierKey;
  locationId: string;
  submitLabel: string;
  submit: (slot: PickupSlotInput) => Promise<PickupView>;
  onBooked: (pickup: PickupView) => void;
}) {
  const { t } = useTranslation('shipments');
  const dates = useDateFormat();
  const availability = usePickupAvailability(carrier, locationId);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [chosenWindow, setChosenWindow] = useState<string | null>(null);

  const days: PickupDay[] = availability.data ?? [];
  const day = days.find((candidate) => candidate.date === chosenDay) ?? days[0];
  const slot = day?.windows.find((candidate) => windowKey(candidate) === chosenWindow);

  const request = useMutation({
    mutationFn: () => submit({ date: day!.date, start: slot!.start, end: slot!.end }),
    onSuccess: (pickup) => onBooked(pickup),
  });

  if (availability.isPending) {
    return <Skeleton h={96} aria-label={t('pickup.schedule.loading')} />;
  }
  if (availability.isError) {
    const code = availability.error instanceof ApiError ? availability.error.code : null;
    if (code === 'PICKUP_NO_BUSINESS_DAYS') return <NoDays />;
    if (code === 'PICKUP_NO_SCHEDULES') return <NoSchedules />;
    return <Alert color="red">{messageOf(availability.error)}</Alert>;
  }
  if (!day) return <NoDays />;

  return (
    <Stack gap="md">
      <div>
        <Text fw={600} fz="sm" mb={6} id="pickup-day-label">
          {t('pickup.schedule.day')}
        </Text>
        <Chip.Group
          value={day.date}
          onChange={(value) => {
            setChosenDay(value);
            setChosenWindow(null);
          }}
        >
          <Group gap="xs" role="radiogroup" aria-labelledby="pickup-day-label">
            {days.map((candidate) => (
              <Chip key={candidate.date} value={candidate.date} type="radio">
                {`${dates.weekday(candidate.date)} ${dates.day(candidate.date)}`}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      {day.windows.length === 0 ? (
        <NoSchedules />
      ) : (
        <div>
          <Text fw={600} fz="sm" mb={6} id="pickup-window-label">
            {/* The carriers' windows are Mexico City hours, whatever the organization's zone. */}
            {dates.withZone(t('pickup.schedule.window'), SHIPPING_TIME_ZONE)}
          </Text>
          <Chip.Group value={chosenWindow} onChange={(value) => setChosenWindow(value)}>
            <Group gap="xs" role="radiogroup" aria-labelledby="pickup-window-label">
              {day.windows.map((candidate) => (
                <Chip key={windowKey(candidate)} value={windowKey(candidate)} type="radio">
                  {t('pickup.schedule.range', { start: candidate.start, end: candidate.end })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      )}
      {request.isError && <Alert color="red">{messageOf(request.error)}</Alert>}
      <Group>
        <Button disabled={!slot} loading={request.isPending} onClick={() => request.mutate()}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../lib/dates';

/** A row's validity: its first and last day, and whether it is in force today. */
export function EffectiveDates({ from, to }: { from: string; to: string | null }) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const today = dates.today();
  const state = from > today ? 'future' : to !== null && to < today ? 'ended' : 'inForce';
  return (
    <Stack gap={2} align="flex-start">
      <Text fz="sm">
        {to === null
          ? t('staff.validity.open', { from: dates.day(from) })
          : t('staff.validity.range', { from: dates.day(from), to: dates.day(to) })}
      </Text>
      <Badge
        size="xs"
        variant="light"
        color={state === 'inForce' ? 'teal' : state === 'future' ? 'blue' : 'gray'}
      >
        {t(`staff.validity.${state}`)}
      </Badge>
    </Stack>
  );
}

/** Whether a row may still have its validity ended: it has no end, or ends today or later. */
export const canEnd = (to: string | null, today: string) => to === null || to >= today;

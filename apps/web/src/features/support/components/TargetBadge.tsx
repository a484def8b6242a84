import type { StaffTicketSummary } from '@despacho/domain';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const MINUTE_MS = 60_000;

/** Business time as hours and minutes: `3 h 05 min`. */
export function businessTime(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A time against its target: on time or late, with the time spent (of the target while running). */
export function TargetBadge({ timing }: { timing: StaffTicketSummary['first_response'] }) {
  const { t } = useTranslation('tickets', { keyPrefix: 'staff.timing' });
  const time = businessTime(timing.business_ms);
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={timing.state === 'late' ? 'red' : 'green'} variant="light">
        {t(timing.state)}
      </Badge>
      <Text fz="xs" c="dimmed">
        {timing.done
          ? t('done', { time })
          : t('running', { time, target: businessTime(timing.target_ms) })}
      </Text>
    </Group>
  );
}

import type { T1CustomsEvent } from '@despacho/domain';
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';

/** What customs did with the shipment, newest first, with the note staff recorded. */
export function CustomsTimeline({ events }: { events: readonly T1CustomsEvent[] }) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const sorted = events.toSorted((a, b) => Date.parse(b.at) - Date.parse(a.at));
  if (sorted.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('detail.customsEmpty')}
      </Text>
    );
  return (
    <Timeline active={0} bulletSize={14} lineWidth={2} aria-label={t('detail.customsLabel')}>
      {sorted.map((event) => (
        <Timeline.Item
          key={`${event.at}-${event.status}`}
          title={t(`customsStatuses.${event.status}`)}
        >
          {event.note && <Text fz="sm">{event.note}</Text>}
          <Text fz="xs" c="dimmed">
            {dates.dateTime(event.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

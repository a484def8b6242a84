import {
  DELAY_CODES,
  parseLanguage,
  trackingDescription,
  type TrackingEventView,
} from '@despacho/domain';
import { Badge, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconBuildingWarehouse,
  IconCircleCheck,
  IconFileText,
  IconPackage,
  IconTruckDelivery,
  IconTruck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../lib/dates';

const ICONS = {
  label_created: IconFileText,
  picked_up: IconPackage,
  in_transit: IconTruck,
  arrived_at_hub: IconBuildingWarehouse,
  out_for_delivery: IconTruckDelivery,
  delivered: IconCircleCheck,
  cancelled: IconBan,
} as const;

const isDelay = (event: TrackingEventView) => DELAY_CODES.includes(event.code);

/** Newest first, by when the carrier says it happened (arrival order does not matter). */
export const newestFirst = (events: readonly TrackingEventView[]) =>
  [...events].sort((a, b) => Date.parse(b.occurred_at) - Date.parse(a.occurred_at));

/**
 * A guide's tracking events, newest first: what happened in the reader's language (the domain's
 * text of each code, so a language switch needs no new request), where, and when (Mexico City).
 * Delays stand out in orange.
 */
export function TrackingTimeline({ events }: { events: readonly TrackingEventView[] }) {
  const { t, i18n } = useTranslation('shipments');
  const dates = useDateFormat();
  const language = parseLanguage(i18n.language);
  const sorted = newestFirst(events);
  if (sorted.length === 0) {
    return <Text c="dimmed">{t('timeline.empty')}</Text>;
  }
  return (
    <Timeline active={0} bulletSize={26} lineWidth={2} aria-label={t('timeline.label')}>
      {sorted.map((event, index) => {
        const delay = isDelay(event);
        const Icon = delay
          ? IconAlertTriangle
          : (ICONS[event.code as keyof typeof ICONS] ?? IconTruck);
        const title = trackingDescription(event.code, language);
        return (
          <Timeline.Item
            key={`${event.occurred_at}-${event.code}-${index}`}
            color={delay ? 'orange' : event.code === 'cancelled' ? 'gray' : undefined}
            bullet={
              <ThemeIcon
                size={26}
                radius="xl"
                color={delay ? 'orange' : event.code === 'cancelled' ? 'gray' : undefined}
                variant={index === 0 ? 'filled' : 'light'}
              >
                <Icon size={15} />
              </ThemeIcon>
            }
            title={
              <Group gap="xs">
                <Text fw={600} fz="sm" c={delay ? 'orange' : undefined}>
                  {title}
                </Text>
                {delay && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('timeline.delay')}
                  </Badge>
                )}
              </Group>
            }
            data-delay={delay || undefined}
          >
            <Text fz="xs" c="dimmed" mt={2}>
              {[dates.dateTime(event.occurred_at), event.location].filter(Boolean).join(' · ')}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

import { Badge, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCash, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';

/** One moment of the embarque: a physical milestone or a money event, already worded. */
export interface TimelineEntry {
  key: string;
  at: string;
  kind: 'step' | 'money';
  title: string;
  detail?: string;
}

/** Oldest first; at the same instant a step before the money it caused, then by key (stable). */
export const inOrder = (entries: readonly TimelineEntry[]) =>
  [...entries].sort(
    (a, b) =>
      Date.parse(a.at) - Date.parse(b.at) ||
      (a.kind === b.kind ? a.key.localeCompare(b.key) : a.kind === 'step' ? -1 : 1),
  );

/**
 * The merchant's one timeline: the physical steps and the money events (requested, paid,
 * expenses, supplier payments, invoices) merged in the order they happened, each with its date.
 */
export function EmbarqueTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const { t } = useTranslation('embarques');
  const dates = useDateFormat();
  const sorted = inOrder(entries);
  if (sorted.length === 0) return <Text c="dimmed">{t('timeline.empty')}</Text>;
  return (
    <Timeline
      active={sorted.length - 1}
      bulletSize={26}
      lineWidth={2}
      aria-label={t('timeline.label')}
    >
      {sorted.map((entry) => {
        const money = entry.kind === 'money';
        const Icon = money ? IconCash : IconRoute;
        return (
          <Timeline.Item
            key={entry.key}
            data-testid="timeline-entry"
            bullet={
              <ThemeIcon size={26} radius="xl" color={money ? 'teal' : undefined} variant="light">
                <Icon size={15} aria-hidden />
              </ThemeIcon>
            }
            title={
              <Group gap="xs">
                <Text fw={600} fz="sm">
                  {entry.title}
                </Text>
                <Badge size="xs" variant="light" color={money ? 'teal' : 'blue'}>
                  {t(`timeline.kinds.${entry.kind}`)}
                </Badge>
              </Group>
            }
          >
            <Text fz="xs" c="dimmed">
              {dates.dateTime(entry.at)}
            </Text>
            {entry.detail && <Text fz="sm">{entry.detail}</Text>}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

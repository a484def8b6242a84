import type { ClassificationTransition } from '@despacho/domain';
import { Paper, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';

/** Every status change of the product, who made it and the note it carried (the audit trail). */
export function TransitionsList({ transitions }: { transitions: ClassificationTransition[] }) {
  const { t } = useTranslation('classification');
  const dates = useDateFormat();
  if (transitions.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="h4" mb="sm">
        {t('staff.history')}
      </Title>
      <Timeline bulletSize={12} lineWidth={2}>
        {transitions.map((step) => (
          <Timeline.Item
            key={`${step.at}-${step.to}`}
            title={`${t(`statuses.${step.from}`)} → ${t(`statuses.${step.to}`)}`}
          >
            <Text fz="xs" c="dimmed">
              {step.actor.name} · {dates.dateTime(step.at)}
            </Text>
            {step.note && <Text fz="sm">{step.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}

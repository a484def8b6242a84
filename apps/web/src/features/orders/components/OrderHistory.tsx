import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { OrderDetail } from '@despacho/domain';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';

/** What happened to the order, newest first, each code worded with its values. */
export function OrderHistory({ history }: { history: OrderDetail['history'] }) {
  const { t } = useTranslation('orders');
  const dates = useDateFormat();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('history.title')}
        </Title>
        <Timeline bulletSize={12} lineWidth={2}>
          {history.map((event, index) => (
            <Timeline.Item key={`${event.at}-${index}`}>
              <Text fz="sm">
                {t(`history.${event.code}`, {
                  ...wordedValues(event.values, t),
                  defaultValue: event.code,
                })}
              </Text>
              <Text fz="xs" c="dimmed">
                {dates.dateTime(event.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}

/** A push or store-cancel `result` is a code too: worded before it goes into the sentence. */
function wordedValues(
  values: Record<string, string | number | null>,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const result = values.result;
  return typeof result === 'string'
    ? { ...values, result: t(`history.results.${result}`, { defaultValue: result }) }
    : values;
}

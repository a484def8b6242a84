import { formatMoney, type OrderFulfillmentView } from '@despacho/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';

const PUSH_COLORS = { not_applicable: 'gray', pending: 'yellow', pushed: 'green', failed: 'red' };

/** The order's guides: tracking, carrier, what they carry and whether the store knows. */
export function OrderFulfillments({
  fulfillments,
  onRetry,
  retrying,
}: {
  fulfillments: readonly OrderFulfillmentView[];
  onRetry: (fulfillmentId: string) => void;
  retrying: string | null;
}) {
  const { t } = useTranslation('orders');
  const dates = useDateFormat();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('detail.fulfillments.title')}
        </Title>
        {fulfillments.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('detail.fulfillments.none')}
          </Text>
        )}
        {fulfillments.map((fulfillment) => (
          <Paper key={fulfillment.id} withBorder p="sm" radius="sm">
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap">
                <Text fw={600} fz="sm">
                  {fulfillment.carrier ?? '—'} {fulfillment.service ?? ''}
                </Text>
                <Badge variant="light">
                  {t(`detail.fulfillments.states.${fulfillment.state}`)}
                </Badge>
              </Group>
              <Text fz="sm">
                {t('detail.fulfillments.tracking')}{' '}
                {fulfillment.shipment_id ? (
                  <Anchor component={Link} to={`/app/shippings/${fulfillment.shipment_id}`}>
                    {fulfillment.tracking_number ?? '—'}
                  </Anchor>
                ) : (
                  (fulfillment.tracking_number ?? '—')
                )}
              </Text>
              <Text fz="xs" c="dimmed">
                {dates.dateTime(fulfillment.created_at)}
                {fulfillment.total !== null && ` · ${formatMoney(fulfillment.total)}`}
                {' · '}
                {t('detail.fulfillments.units', {
                  count: fulfillment.lines.reduce((sum, line) => sum + line.quantity, 0),
                })}
              </Text>
              {fulfillment.error && (
                <Text fz="sm" c="red">
                  {t('detail.fulfillments.error', { code: fulfillment.error })}
                </Text>
              )}
              <Group gap="xs" wrap="wrap">
                <Badge color={PUSH_COLORS[fulfillment.push.state]} variant="dot">
                  {t(`detail.push.${fulfillment.push.state}`, {
                    count: fulfillment.push.attempts,
                    at: fulfillment.push.pushed_at
                      ? dates.dateTime(fulfillment.push.pushed_at)
                      : '',
                  })}
                </Badge>
                {fulfillment.push.last_error && fulfillment.push.state !== 'pushed' && (
                  <Text fz="xs" c="dimmed">
                    {t(`detail.push.errors.${fulfillment.push.last_error}`, {
                      defaultValue: fulfillment.push.last_error,
                    })}
                  </Text>
                )}
                {fulfillment.push.state === 'pending' && fulfillment.push.next_attempt_at && (
                  <Text fz="xs" c="dimmed">
                    {t('pushSchedule.nextAttempt', {
                      at: dates.dateTime(fulfillment.push.next_attempt_at),
                    })}
                  </Text>
                )}
                {(fulfillment.push.state === 'failed' || fulfillment.push.state === 'pending') && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    loading={retrying === fulfillment.id}
                    onClick={() => onRetry(fulfillment.id)}
                  >
                    {t('detail.push.retry')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

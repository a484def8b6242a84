import type {
  WebhookAttemptView,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@despacho/domain';
import { Button, Code, Drawer, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { PagedList } from '../../../ui/PagedList';
import { useResendDelivery, useWebhookDeliveries } from '../webhooks-api';
import { DeliveryStatusBadge } from './DeliveryStatusBadge';

/** Each attempt of a delivery: when, the receiver's status, how long it took, what it answered. */
function AttemptsTable({ attempts }: { attempts: readonly WebhookAttemptView[] }) {
  const { t } = useTranslation('developers');
  const dates = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table fz="sm" verticalSpacing={4} aria-label={t('log.attempts')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('log.columns.number')}</Table.Th>
            <Table.Th>{t('log.columns.at')}</Table.Th>
            <Table.Th>{t('log.columns.status')}</Table.Th>
            <Table.Th>{t('log.columns.latency')}</Table.Th>
            <Table.Th>{t('log.columns.response')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt) => (
            <Table.Tr key={attempt.number}>
              <Table.Td>{attempt.number}</Table.Td>
              <Table.Td>{dates.dateTime(attempt.at, { seconds: true })}</Table.Td>
              <Table.Td c={attempt.succeeded ? 'teal.9' : 'red.9'} fw={600}>
                {attempt.status_code ?? t('log.noAnswer')}
              </Table.Td>
              <Table.Td>{t('log.latency', { ms: attempt.latency_ms })}</Table.Td>
              <Table.Td>
                <Code fz="xs" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                  {attempt.response_excerpt || '—'}
                </Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One delivery: its event, its state, its attempts and "resend". */
function DeliveryCard({
  endpointId,
  delivery,
}: {
  endpointId: string;
  delivery: WebhookDeliveryView;
}) {
  const { t } = useTranslation('developers');
  const dates = useDateFormat();
  const resend = useResendDelivery(endpointId);
  const name = t(`events.types.${delivery.event_type}`, { defaultValue: delivery.event_type });
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600} fz="sm">
              {name}
            </Text>
            <DeliveryStatusBadge status={delivery.status} />
          </Group>
          <Text fz="xs" c="dimmed">
            {dates.dateTime(delivery.created_at, { seconds: true })} ·{' '}
            <Code fz="xs">{delivery.event_id}</Code>
          </Text>
          {delivery.next_attempt_at && (
            <Text fz="xs" c="dimmed">
              {t('log.nextAttempt', { at: dates.dateTime(delivery.next_attempt_at) })}
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRepeat size={14} />}
          loading={resend.isPending}
          aria-label={t('log.resendOf', { name, at: dates.dateTime(delivery.created_at) })}
          onClick={() =>
            resend.mutate(delivery.id, {
              onSuccess: () => notifications.show({ color: 'green', message: t('log.resent') }),
              onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
            })
          }
        >
          {t('log.resend')}
        </Button>
      </Group>
      {delivery.attempts.length > 0 ? (
        <AttemptsTable attempts={delivery.attempts} />
      ) : (
        <Text fz="sm" c="dimmed">
          {t('log.noAttempts')}
        </Text>
      )}
    </Paper>
  );
}

/** An endpoint's delivery log, the newest first, in a drawer beside the list. */
export function DeliveryLog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('developers');
  return (
    <Drawer
      opened={endpoint !== null}
      onClose={onClose}
      title={t('log.title')}
      position="right"
      size="xl"
    >
      {endpoint && <DeliveryList endpoint={endpoint} />}
    </Drawer>
  );
}

function DeliveryList({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation('developers');
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page);
  return (
    <Stack gap="md">
      <Text fz="sm" style={{ wordBreak: 'break-all' }}>
        {endpoint.url}
      </Text>
      <PagedList
        query={deliveries}
        empty={t('log.empty')}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('log.pages')}
      >
        {(rows) => (
          <Stack gap="sm" component="ul" p={0} m={0} aria-label={t('log.title')}>
            {rows.map((delivery) => (
              <DeliveryCard key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}

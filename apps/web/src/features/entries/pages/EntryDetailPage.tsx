import type { EntryView } from '@despacho/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { PageHeader } from '../../../ui/PageHeader';
import { useCancelEntry, useEntry } from '../api';
import { EntryStatusBadge, LineStatusBadge } from '../components/EntryStatusBadge';
import { IncidentCard } from '../components/IncidentCard';
import { pickLabel } from '../components/EntryLineFields';
import { lineStatus } from '../components/line-status';
import { SendToCard } from '../components/SendToCard';

/**
 * `products/entry-detail/{id}`: where to send the goods while they are on the way, what was
 * announced, what the warehouse received, accepted or set apart per line, each line's status and
 * incidents (with photos, answered here). Cancelling is offered, and confirmed in a dialog, while
 * nothing was received.
 */
export function EntryDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('entries');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const entry = useEntry(id);
  const cancel = useCancelEntry(id);
  const [asking, setAsking] = useState<EntryView | null>(null);

  if (entry.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messageOf(entry.error)}
      </Alert>
    );
  }
  if (!entry.data) return null;
  const data = entry.data;
  const cancellable = data.status === 'pending' && data.lines.every((line) => line.received === 0);
  const title = t('detail.title', { number: data.number });
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: t('detail.cancelled') }),
      onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
      onSettled: () => setAsking(null),
    });
  const facts: [string, string][] = [
    [t('table.reference'), data.reference ?? t('table.noReference')],
    [t('table.warehouse'), data.warehouse.name],
    [t('table.expectedDate'), dates.day(data.expected_date)],
    [t('detail.carrier'), data.carrier ?? '—'],
    [t('detail.trackingNumber'), data.tracking_number ?? '—'],
  ];

  return (
    <>
      <PageHeader
        title={title}
        badge={<EntryStatusBadge status={data.status} />}
        breadcrumbs={[
          { label: nav('modules.warehousing') },
          { label: nav('screens.productsEntry.title'), to: '/app/products/entry' },
          { label: title },
        ]}
        action={
          cancellable && (
            <Button color="red" variant="light" onClick={() => setAsking(data)}>
              {t('actions.cancel')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {data.status === 'pending' && <SendToCard entry={data} />}
        <Paper withBorder radius="lg" p="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            {facts.map(([label, value]) => (
              <Stack gap={0} key={label}>
                <Text fz="xs" c="dimmed">
                  {label}
                </Text>
                <Text fz="sm" fw={500}>
                  {value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          {data.closed_short && (
            <Alert mt="md" color="yellow" variant="light">
              {t('detail.closedShort')}
            </Alert>
          )}
        </Paper>
        {data.lines.map((line) => (
          <Paper withBorder radius="lg" p="md" key={line.id}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} fz="h4">
                  {pickLabel({
                    product_name: line.product_name,
                    title: line.variant_title || null,
                    sku: line.sku,
                  })}
                </Title>
                <LineStatusBadge status={lineStatus(data.status, line)} />
              </Group>
              {/* Four figures side by side, two by two on a phone: never a table scrolled
                  sideways with the figures out of sight at 390 px. */}
              <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
                {(
                  [
                    ['expected', line.expected],
                    ['received', line.received],
                    ['accepted', line.accepted],
                    ['notSellable', line.not_sellable],
                  ] as const
                ).map(([figure, value]) => (
                  <Stack gap={0} key={figure}>
                    <Text fz="xs" c="dimmed">
                      {t(`detail.${figure}`)}
                    </Text>
                    <Text fz="lg" fw={600} aria-label={`${t(`detail.${figure}`)}: ${value}`}>
                      {value}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
              <Text fz="sm" fw={600}>
                {t('detail.incidents')}
              </Text>
              {line.incidents.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('detail.noIncidents')}
                </Text>
              ) : (
                line.incidents.map((incident) => (
                  <IncidentCard
                    key={incident.id}
                    entryId={data.id}
                    incident={incident}
                    canAnswer={!incident.resolved}
                  />
                ))
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ConfirmDeleteModal
        item={asking}
        onClose={() => setAsking(null)}
        title={t('detail.cancelTitle', { number: data.number })}
        text={() => t('detail.cancelConfirm')}
        cancelLabel={t('detail.keep')}
        confirmLabel={t('detail.cancelConfirmButton')}
        busy={cancel.isPending}
        onConfirm={onCancel}
      />
    </>
  );
}

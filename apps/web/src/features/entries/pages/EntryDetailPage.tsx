import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { PageHeader } from '../../../ui/PageHeader';
import { useCancelEntry, useEntry } from '../api';
import { EntryStatusBadge, StockStatusBadge } from '../components/EntryStatusBadge';
import { IncidentCard } from '../components/IncidentCard';
import { pickLabel } from '../components/EntryLineFields';

/**
 * `products/entry-detail/{id}`: what was announced, what the warehouse received, accepted or set
 * apart per line, each line's stock status and incidents (with photos, answered here). Cancelling
 * is offered while nothing was received.
 */
export function EntryDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('entries');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const entry = useEntry(id);
  const cancel = useCancelEntry(id);

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
  const onCancel = () => {
    if (!window.confirm(t('detail.cancelConfirm'))) return;
    cancel.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: t('detail.cancelled') }),
      onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
    });
  };
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
            <Button color="red" variant="light" loading={cancel.isPending} onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
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
                <StockStatusBadge status={line.stock_status} />
              </Group>
              <Table.ScrollContainer minWidth={420}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th ta="right">{t('detail.expected')}</Table.Th>
                      <Table.Th ta="right">{t('detail.received')}</Table.Th>
                      <Table.Th ta="right">{t('detail.accepted')}</Table.Th>
                      <Table.Th ta="right">{t('detail.notSellable')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td ta="right">{line.expected}</Table.Td>
                      <Table.Td ta="right">{line.received}</Table.Td>
                      <Table.Td ta="right">{line.accepted}</Table.Td>
                      <Table.Td ta="right">{line.not_sellable}</Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
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
    </>
  );
}

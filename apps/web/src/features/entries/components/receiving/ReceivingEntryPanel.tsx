import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../lib/dates';
import { messageOf } from '../../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../../ui/ConfirmDeleteModal';
import { useReceivingActions, useReceivingEntry } from '../../receiving-api';
import { IncidentForm } from './IncidentForm';
import { LineReceiptForm } from './LineReceiptForm';
import { ReceivingLineCard } from './ReceivingLineCard';

/** The entry open in the console: scan or count per line, incidents, close short. */
export function ReceivingEntryPanel({ id }: { id: string }) {
  const { t } = useTranslation('entries');
  const dates = useDateFormat();
  const entry = useReceivingEntry(id);
  const actions = useReceivingActions(id);
  const [confirming, setConfirming] = useState(false);
  if (entry.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messageOf(entry.error)}
      </Alert>
    );
  }
  if (!entry.data) return <Loader size="sm" />;
  const data = entry.data;
  const open = data.status === 'pending' || data.status === 'partial';
  // Units announced and not counted: what closing stops expecting.
  const missing = data.lines.reduce(
    (sum, line) => sum + Math.max(line.expected - line.received, 0),
    0,
  );
  const close = () =>
    actions.close.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'teal', message: t('receiving.closed') });
      },
      onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} fz="h3">
            {t('detail.title', { number: data.number })} · {data.organization.name}
          </Title>
          <Text fz="sm" c="dimmed">
            {[
              data.warehouse.name,
              dates.day(data.expected_date),
              data.reference,
              data.carrier,
              data.tracking_number,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light">{t(`statuses.${data.status}`)}</Badge>
          {open && (
            <Button
              color="orange"
              variant="light"
              loading={actions.close.isPending}
              onClick={() => setConfirming(true)}
            >
              {t('receiving.close')}
            </Button>
          )}
        </Group>
      </Group>
      {open && (
        <Paper withBorder radius="md" p="md">
          <LineReceiptForm actions={actions} />
        </Paper>
      )}
      {data.lines.map((line) => (
        <ReceivingLineCard
          key={line.id}
          entryId={data.id}
          line={line}
          open={open}
          actions={actions}
        />
      ))}
      {data.status !== 'cancelled' && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="h4" mb="sm">
            {t('receiving.newIncident')}
          </Title>
          <IncidentForm entry={data} actions={actions} />
        </Paper>
      )}
      <ConfirmDeleteModal
        item={confirming ? data : null}
        onClose={() => setConfirming(false)}
        title={t('receiving.closeConfirm.title', { number: data.number })}
        text={() => t('receiving.closeConfirm.text', { count: missing })}
        cancelLabel={t('receiving.closeConfirm.cancel')}
        confirmLabel={t('receiving.closeConfirm.confirm')}
        busy={actions.close.isPending}
        onConfirm={close}
      />
    </Stack>
  );
}

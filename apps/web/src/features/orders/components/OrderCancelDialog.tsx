import type { OrderDetail } from '@despacho/domain';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';

/**
 * Cancels the order here (its reserved stock comes back); a synced order whose platform allows it
 * may be cancelled at the store too, and the dialog says which of the two happens.
 */
export function OrderCancelDialog({
  order,
  opened,
  onClose,
  onCancel,
  pending,
  error,
}: {
  order: OrderDetail;
  opened: boolean;
  onClose: () => void;
  onCancel: (body: { at_store: boolean; reason?: string }) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('orders');
  const [atStore, setAtStore] = useState(false);
  const [reason, setReason] = useState('');
  const synced = order.store !== null;
  const where = synced && atStore ? 'both' : synced ? 'hereOnly' : 'manual';
  return (
    <Modal opened={opened} onClose={onClose} title={t('cancel.title', { number: order.number })}>
      <Stack>
        <Text fz="sm">{t(`cancel.${where}`, { store: order.store?.name })}</Text>
        {synced && order.can_cancel_at_store && (
          <Checkbox
            label={t('cancel.atStore', { store: order.store?.name })}
            checked={atStore}
            onChange={(event) => setAtStore(event.currentTarget.checked)}
          />
        )}
        {synced && !order.can_cancel_at_store && (
          <Text fz="xs" c="dimmed">
            {t('cancel.storeCannot')}
          </Text>
        )}
        <TextInput
          label={t('cancel.reason')}
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {error !== null && error !== undefined && (
          <Alert color="red" role="alert">
            {messageOf(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel.keep')}
          </Button>
          <Button
            color="red"
            loading={pending}
            onClick={() => onCancel({ at_store: atStore, reason: reason.trim() || undefined })}
          >
            {t('cancel.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

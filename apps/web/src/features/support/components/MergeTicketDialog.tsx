import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useMergeTicket, useStaffTickets } from '../staff-tickets-api';

/** Merges this ticket, a duplicate, into another of the same organization, named by its number. */
export function MergeTicketDialog({
  id,
  opened,
  onClose,
}: {
  id: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('tickets', { keyPrefix: 'staff.detail' });
  const [number, setNumber] = useState<number | null>(null);
  const found = useStaffTickets({ search: number ? String(number) : undefined, pageSize: 5 });
  const target = number ? found.data?.data.find((row) => row.number === number) : undefined;
  const merge = useMergeTicket(id);
  return (
    <Modal opened={opened} onClose={onClose} title={t('merge')} centered>
      <Stack gap="md">
        {merge.isError && <Alert color="red">{messageOf(merge.error)}</Alert>}
        <NumberInput
          label={t('mergeInto')}
          min={1}
          value={number ?? ''}
          onChange={(value) => setNumber(typeof value === 'number' ? value : null)}
        />
        {target && (
          <Text fz="sm">
            #{target.number} · {target.title} · {target.organization_name}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            disabled={!target}
            loading={merge.isPending}
            onClick={() => target && merge.mutate(target.id, { onSuccess: onClose })}
          >
            {t('mergeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

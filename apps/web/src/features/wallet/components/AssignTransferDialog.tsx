import { formatMoney, groupClabe, type BankTransferView } from '@despacho/domain';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useAssignTransfer, useOrganizationSearch } from '../bank-transfers-api';

/** Staff pick the organization a queued transfer belongs to; it is credited to it once. */
export function AssignTransferDialog({
  transfer,
  opened,
  onClose,
}: {
  transfer: BankTransferView;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bank-transfers');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = useOrganizationSearch(query, opened);
  const assign = useAssignTransfer(transfer.id);

  const close = () => {
    setError(null);
    setOrganizationId(null);
    setSearch('');
    onClose();
  };
  const submit = () => {
    if (!organizationId) {
      setError(t('assign.required'));
      return;
    }
    assign.mutate(organizationId, {
      onSuccess: (done) => {
        notifications.show({
          color: 'green',
          message: t('assign.done', {
            amount: formatMoney(done.amount_centavos),
            organization: done.organization_name ?? '',
          }),
        });
        close();
      },
      onError: (failure) => setError(messageOf(failure)),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('assign.title')} centered>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('assign.body', {
            amount: formatMoney(transfer.amount_centavos),
            sender: transfer.sender_name,
            clabe: groupClabe(transfer.beneficiary_clabe),
          })}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label={t('assign.organization')}
          placeholder={t('assign.placeholder')}
          searchable
          withAsterisk
          searchValue={search}
          onSearchChange={setSearch}
          value={organizationId}
          onChange={setOrganizationId}
          // The server searches names and CLABEs; the list shows what it answered.
          filter={({ options: all }) => all}
          nothingFoundMessage={options.isFetching ? t('assign.searching') : t('assign.none')}
          data={(options.data ?? []).map((option) => ({
            value: option.id,
            label: option.clabe ? `${option.company} · ${option.clabe}` : option.company,
          }))}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('assign.cancel')}
          </Button>
          <Button onClick={submit} loading={assign.isPending}>
            {t('assign.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import {
  DEPOSIT_STATUSES,
  formatMoney,
  type DepositStatus,
  type DepositView,
} from '@despacho/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { ListPagination } from '../../../ui/ListPagination';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import {
  DEPOSITS_PAGE_SIZE,
  loadVoucher,
  useDeposits,
  type DepositStatusFilter,
} from '../deposits-api';

const STATUS_COLORS: Record<DepositStatus, string> = {
  pending: 'yellow',
  credited: 'teal',
  rejected: 'red',
  failed: 'red',
};

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const { t } = useTranslation('deposits');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

const FILTERS: DepositStatusFilter[] = ['all', ...DEPOSIT_STATUSES];

function Detail({ deposit }: { deposit: DepositView }) {
  const { t } = useTranslation('deposits');
  if (deposit.method === 'card') return <Text fz="sm">{deposit.card_summary ?? '—'}</Text>;
  const key = deposit.tracking_key ?? '';
  return (
    <Stack gap={2}>
      <Text fz="sm">{deposit.origin_bank_name ?? deposit.origin_bank}</Text>
      <Text fz="xs" c="dimmed" ff="monospace">
        {t('list.trackingKey', { key })}
      </Text>
      {deposit.has_voucher && (
        <Button
          variant="subtle"
          size="compact-xs"
          px={0}
          w="fit-content"
          leftSection={<IconExternalLink size={12} />}
          aria-label={t('list.voucherLabel', { key })}
          onClick={() =>
            void openFile(() => loadVoucher(deposit.id), `comprobante-${key}`).catch((error) =>
              notifications.show({ color: 'red', message: messageOf(error) }),
            )
          }
        >
          {t('list.voucher')}
        </Button>
      )}
    </Stack>
  );
}

/** The organization's deposits, SPEI and card, newest first, with their status. */
export function DepositsList() {
  const { t } = useTranslation('deposits');
  const dates = useDateFormat();
  const [status, setStatus] = useState<DepositStatusFilter>('all');
  const [page, setPage] = useState(1);
  const list = useDeposits(status, page);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="deposits-title">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg" id="deposits-title">
            {t('list.title')}
          </Title>
          <SegmentedFilter
            aria-label={t('list.filter')}
            size="xs"
            value={status}
            onChange={(value) => {
              setStatus(value as DepositStatusFilter);
              setPage(1);
            }}
            data={FILTERS.map((value) => ({ value, label: t(`list.filters.${value}`) }))}
          />
        </Group>
        {list.isPending ? (
          [1, 2, 3].map((row) => <Skeleton key={row} h={40} />)
        ) : list.isError ? (
          <Alert color="red" variant="light">
            {messageOf(list.error)}
          </Alert>
        ) : list.data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('list.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-labelledby="deposits-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.columns.date')}</Table.Th>
                  <Table.Th>{t('list.columns.method')}</Table.Th>
                  <Table.Th>{t('list.columns.detail')}</Table.Th>
                  <Table.Th ta="right">{t('list.columns.amount')}</Table.Th>
                  <Table.Th ta="right">{t('list.columns.fee')}</Table.Th>
                  <Table.Th ta="right">{t('list.columns.net')}</Table.Th>
                  <Table.Th>{t('list.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((deposit) => (
                  <Table.Tr key={deposit.id}>
                    <Table.Td>{dates.dateTime(deposit.created_at)}</Table.Td>
                    <Table.Td>{t(`list.methods.${deposit.method}`)}</Table.Td>
                    <Table.Td>
                      <Detail deposit={deposit} />
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(deposit.amount_centavos)}</Table.Td>
                    <Table.Td ta="right">
                      {deposit.fee_centavos > 0 ? formatMoney(deposit.fee_centavos) : '—'}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(deposit.net_centavos)}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        <DepositStatusBadge status={deposit.status} />
                        {deposit.reject_reason && (
                          <Text fz="xs" c="red">
                            {t('list.reason', { reason: deposit.reject_reason })}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPagination
          total={list.data?.meta.total ?? 0}
          pageSize={DEPOSITS_PAGE_SIZE}
          page={page}
          onChange={setPage}
          label={t('list.pagination')}
        />
      </Stack>
    </Card>
  );
}

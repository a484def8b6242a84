import {
  BANK_TRANSFER_STATUSES,
  formatMoney,
  groupClabe,
  type BankTransferStatus,
  type BankTransferView,
} from '@despacho/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { ListPagination } from '../../../ui/ListPagination';
import { PageHeader } from '../../../ui/PageHeader';
import { BANK_TRANSFERS_PAGE_SIZE, useBankTransfers } from '../bank-transfers-api';
import { AssignTransferDialog } from '../components/AssignTransferDialog';
import { ReturnTransferDialog } from '../components/ReturnTransferDialog';
import { StatementImportCard } from '../components/StatementImportCard';

const isStatus = (value: string | null): value is BankTransferStatus =>
  (BANK_TRANSFER_STATUSES as readonly (string | null)[]).includes(value);

const formatDate = (date: string | null) => (date ? dayjs(date).format('D MMM YYYY, HH:mm') : '—');

type Action = { kind: 'assign' | 'return'; transfer: BankTransferView } | null;

/**
 * SPEI reconciliation (decision 014): transfers the bank reported that could not be credited
 * by themselves wait here, oldest first, for staff to assign or return them; the statement
 * import sits on top. Filter and page live in the URL.
 */
export function BankTransfersPage() {
  const { t } = useTranslation('bank-transfers');
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: BankTransferStatus = isStatus(requested) ? requested : 'unmatched';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useBankTransfers(status, page);
  const [action, setAction] = useState<Action>(null);
  const show = (next: { status?: BankTransferStatus; page?: number }) =>
    setParams({ status: next.status ?? status, page: String(next.page ?? 1) });

  return (
    <>
      <PageHeader title={t('title')} />
      <Text c="dimmed" mt={-12} mb="lg">
        {t('subtitle')}
      </Text>
      <Stack gap="lg">
        <StatementImportCard />
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <SegmentedControl
              aria-label={t('filters.label')}
              value={status}
              onChange={(value) => show({ status: value as BankTransferStatus })}
              data={BANK_TRANSFER_STATUSES.map((value) => ({
                value,
                label: t(`filters.${value}`),
              }))}
              w="fit-content"
            />
            {list.isPending ? (
              [1, 2, 3].map((row) => <Skeleton key={row} h={40} />)
            ) : list.isError ? (
              <Alert color="red">{messageOf(list.error)}</Alert>
            ) : list.data.data.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg">
                {t(`empty.${status}`)}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.received')}</Table.Th>
                      <Table.Th>{t('columns.sender')}</Table.Th>
                      <Table.Th>{t('columns.trackingKey')}</Table.Th>
                      <Table.Th>{t('columns.beneficiary')}</Table.Th>
                      <Table.Th ta="right">{t('columns.amount')}</Table.Th>
                      <Table.Th>{t(`columns.detail.${status}`)}</Table.Th>
                      {status === 'unmatched' && <Table.Th>{t('columns.actions')}</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.data.map((transfer) => (
                      <Table.Tr key={transfer.id}>
                        <Table.Td>
                          <Text fz="sm">{formatDate(transfer.received_at)}</Text>
                          <Text fz="xs" c="dimmed">
                            {t(`source.${transfer.source}`)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm" fw={600}>
                            {transfer.sender_name}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {transfer.sender_bank_name ?? transfer.sender_bank} ·{' '}
                            {transfer.sender_clabe}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm" ff="monospace">
                            {transfer.tracking_key}
                          </Text>
                          {transfer.concept && (
                            <Text fz="xs" c="dimmed">
                              {transfer.concept}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm" ff="monospace">
                            {groupClabe(transfer.beneficiary_clabe)}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text fz="sm" fw={600}>
                            {formatMoney(transfer.amount_centavos)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {transfer.status === 'unmatched' && transfer.unmatched_reason ? (
                            <Badge color="orange" variant="light">
                              {t(`reasons.${transfer.unmatched_reason}`)}
                            </Badge>
                          ) : transfer.status === 'credited' ? (
                            <Stack gap={0}>
                              <Text fz="sm">{transfer.organization_name ?? '—'}</Text>
                              {transfer.deposit_id && (
                                <Text fz="xs" c="dimmed">
                                  {t('matchedNotification')}
                                </Text>
                              )}
                            </Stack>
                          ) : (
                            <Text fz="sm">{transfer.return_reason}</Text>
                          )}
                        </Table.Td>
                        {status === 'unmatched' && (
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Button
                                size="xs"
                                onClick={() => setAction({ kind: 'assign', transfer })}
                                disabled={transfer.unmatched_reason === 'below_fee'}
                                aria-label={t('actions.assignLabel', {
                                  trackingKey: transfer.tracking_key,
                                })}
                              >
                                {t('actions.assign')}
                              </Button>
                              <Button
                                size="xs"
                                variant="default"
                                color="red"
                                onClick={() => setAction({ kind: 'return', transfer })}
                                aria-label={t('actions.returnLabel', {
                                  trackingKey: transfer.tracking_key,
                                })}
                              >
                                {t('actions.return')}
                              </Button>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <ListPagination
              total={list.data?.meta.total ?? 0}
              pageSize={BANK_TRANSFERS_PAGE_SIZE}
              page={page}
              onChange={(next) => show({ page: next })}
              label={t('pagination')}
            />
          </Stack>
        </Paper>
      </Stack>
      {action?.kind === 'assign' && (
        <AssignTransferDialog transfer={action.transfer} opened onClose={() => setAction(null)} />
      )}
      {action?.kind === 'return' && (
        <ReturnTransferDialog transfer={action.transfer} opened onClose={() => setAction(null)} />
      )}
    </>
  );
}

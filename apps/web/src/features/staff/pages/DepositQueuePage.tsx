import { formatMoney, type StaffDeposit } from '@despacho/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconExternalLink, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { ListPagination } from '../../../ui/ListPagination';
import { PageHeader } from '../../../ui/PageHeader';
import { DepositRejectDialog } from '../components/DepositRejectDialog';
import { StuckCardDepositsTable } from '../components/StuckCardDepositsTable';
import {
  DEPOSITS_PAGE_SIZE,
  loadStaffVoucher,
  STAFF_DEPOSIT_FILTERS,
  useApproveDeposit,
  useStaffDeposits,
  type StaffDepositFilter,
} from '../deposits-api';

const isFilter = (value: string | null): value is StaffDepositFilter =>
  (STAFF_DEPOSIT_FILTERS as readonly (string | null)[]).includes(value);

const formatDate = (date: string | null) => (date ? dayjs(date).format('D MMM YYYY, HH:mm') : '—');

const STATUS_COLORS = { pending: 'yellow', credited: 'teal', rejected: 'red', failed: 'red' };

/**
 * The SPEI deposits queue: transfers merchants notified, oldest first, each with its receipt to
 * open and the decision — approve (credits the balance) or reject with a reason; and the card
 * deposits whose answer was lost, to verify with the payment processor. Filter and page live in
 * the URL.
 */
export function DepositQueuePage() {
  const { t } = useTranslation('deposits');
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: StaffDepositFilter = isFilter(requested) ? requested : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useStaffDeposits(status, page);
  const approve = useApproveDeposit();
  const [approving, setApproving] = useState<StaffDeposit | null>(null);
  const [rejecting, setRejecting] = useState<StaffDeposit | null>(null);
  const show = (next: { status?: StaffDepositFilter; page?: number }) =>
    setParams({ status: next.status ?? status, page: String(next.page ?? 1) });

  const confirmApproval = () =>
    approve.mutate(approving!.id, {
      onSuccess: (deposit) => {
        setApproving(null);
        notifications.show({
          color: 'green',
          message: t('staff.approved', {
            organization: deposit.organization_name,
            net: formatMoney(deposit.net_centavos),
          }),
        });
      },
      onError: (error) => {
        setApproving(null);
        notifications.show({ color: 'red', message: messageOf(error) });
      },
    });

  const openVoucher = (deposit: StaffDeposit) =>
    void openFile(
      () => loadStaffVoucher(deposit.id),
      `comprobante-${deposit.tracking_key ?? deposit.id}`,
    ).catch((error) => notifications.show({ color: 'red', message: messageOf(error) }));

  const labels = (deposit: StaffDeposit) => ({
    organization: deposit.organization_name,
    key: deposit.tracking_key ?? '',
  });

  return (
    <>
      <PageHeader title={t('staff.title')} />
      <Text c="dimmed" mt={-12} mb="lg">
        {t('staff.subtitle')}
      </Text>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('staff.filters.label')}
            value={status}
            onChange={(value) => show({ status: value as StaffDepositFilter })}
            data={STAFF_DEPOSIT_FILTERS.map((value) => ({
              value,
              label: t(`staff.filters.${value}`),
            }))}
            w="fit-content"
          />
          {list.isPending ? (
            [1, 2, 3].map((row) => <Skeleton key={row} h={40} />)
          ) : list.isError ? (
            <Alert color="red">{messageOf(list.error)}</Alert>
          ) : list.data.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('staff.empty')}
            </Text>
          ) : status === 'card' ? (
            <>
              <Text fz="sm" c="dimmed">
                {t('staff.card.hint')}
              </Text>
              <StuckCardDepositsTable deposits={list.data.data} />
            </>
          ) : (
            <Table.ScrollContainer minWidth={960}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('staff.columns.organization')}</Table.Th>
                    <Table.Th>{t('staff.columns.notified')}</Table.Th>
                    <Table.Th>{t('staff.columns.amount')}</Table.Th>
                    <Table.Th>{t('staff.columns.bank')}</Table.Th>
                    <Table.Th>{t('staff.columns.trackingKey')}</Table.Th>
                    <Table.Th>{t('staff.columns.reference')}</Table.Th>
                    <Table.Th>{t('staff.columns.voucher')}</Table.Th>
                    {status === 'pending' ? (
                      <Table.Th>{t('staff.columns.actions')}</Table.Th>
                    ) : (
                      <>
                        <Table.Th>{t('staff.columns.reviewed')}</Table.Th>
                        <Table.Th>{t('staff.columns.status')}</Table.Th>
                      </>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.data.map((deposit) => (
                    <Table.Tr key={deposit.id}>
                      <Table.Td fw={600}>{deposit.organization_name}</Table.Td>
                      <Table.Td>{formatDate(deposit.created_at)}</Table.Td>
                      <Table.Td>
                        <Text fw={600}>{formatMoney(deposit.amount_centavos)}</Text>
                        {deposit.fee_centavos > 0 && (
                          <Text fz="xs" c="dimmed">
                            {t('staff.net', {
                              net: formatMoney(deposit.net_centavos),
                              fee: formatMoney(deposit.fee_centavos),
                            })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{deposit.origin_bank_name ?? deposit.origin_bank}</Table.Td>
                      <Table.Td ff="monospace">{deposit.tracking_key}</Table.Td>
                      <Table.Td>
                        <Text fz="sm">{deposit.reference_number}</Text>
                        {deposit.reference_type && (
                          <Text fz="xs" c="dimmed">
                            {t(`notify.referenceTypes.${deposit.reference_type}`)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {deposit.has_voucher ? (
                          <Button
                            variant="light"
                            size="xs"
                            leftSection={<IconExternalLink size={14} />}
                            aria-label={t('staff.openVoucherLabel', labels(deposit))}
                            onClick={() => openVoucher(deposit)}
                          >
                            {t('staff.openVoucher')}
                          </Button>
                        ) : (
                          <Text fz="sm" c="dimmed">
                            {t('staff.noVoucher')}
                          </Text>
                        )}
                      </Table.Td>
                      {status === 'pending' ? (
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="xs"
                              color="teal"
                              leftSection={<IconCheck size={14} />}
                              aria-label={t('staff.approveLabel', labels(deposit))}
                              onClick={() => setApproving(deposit)}
                            >
                              {t('staff.approve')}
                            </Button>
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              leftSection={<IconX size={14} />}
                              aria-label={t('staff.rejectLabel', labels(deposit))}
                              onClick={() => setRejecting(deposit)}
                            >
                              {t('staff.reject')}
                            </Button>
                          </Group>
                        </Table.Td>
                      ) : (
                        <>
                          <Table.Td>{formatDate(deposit.reviewed_at)}</Table.Td>
                          <Table.Td>
                            <Stack gap={4}>
                              <Badge color={STATUS_COLORS[deposit.status]} variant="light">
                                {t(`status.${deposit.status}`)}
                              </Badge>
                              {deposit.reject_reason && (
                                <Text fz="xs" c="dimmed">
                                  {deposit.reject_reason}
                                </Text>
                              )}
                            </Stack>
                          </Table.Td>
                        </>
                      )}
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
            onChange={(next) => show({ page: next })}
            label={t('staff.pagination')}
          />
        </Stack>
      </Paper>

      <Modal
        opened={approving !== null}
        onClose={() => setApproving(null)}
        title={t('staff.approveDialog.title')}
        centered
      >
        {approving && (
          <Stack gap="md">
            <Text fz="sm">
              {t('staff.approveDialog.body', {
                ...labels(approving),
                net: formatMoney(approving.net_centavos),
                amount: formatMoney(approving.amount_centavos),
              })}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setApproving(null)}>
                {t('staff.approveDialog.cancel')}
              </Button>
              <Button color="teal" loading={approve.isPending} onClick={confirmApproval}>
                {t('staff.approveDialog.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <DepositRejectDialog
        key={rejecting?.id ?? 'none'}
        deposit={rejecting}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}

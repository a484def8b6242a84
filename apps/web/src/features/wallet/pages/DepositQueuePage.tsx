import { formatMoney, type StaffDeposit } from '@despacho/domain';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCreditCardRefund, IconExternalLink, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { useQueueParams } from '../../../lib/useQueueParams';
import { DataTable } from '../../../ui/DataTable';
import { QueuePage } from '../../../ui/QueuePage';
import { CardDepositsTable } from '../components/CardDepositsTable';
import { CardRefundDialog } from '../components/CardRefundDialog';
import { DepositRejectDialog } from '../components/DepositRejectDialog';
import { StuckCardDepositsTable } from '../components/StuckCardDepositsTable';
import {
  loadStaffVoucher,
  STAFF_DEPOSIT_FILTERS,
  useApproveDeposit,
  useStaffDeposits,
} from '../staff-deposits-api';
import { useDateFormat } from '../../../lib/dates';

const STATUS_COLORS = { pending: 'yellow', credited: 'teal', rejected: 'red', failed: 'red' };

/**
 * The deposits queue: transfers merchants notified, oldest first, each with its receipt to
 * open and the decision — approve (credits the balance) or reject with a reason; and the card
 * deposits whose answer was lost, to verify with the payment processor; and the credited card
 * deposits, to refund an unspent one to its card. Filter and page live in the URL.
 */
export function DepositQueuePage() {
  const dates = useDateFormat();
  const { t } = useTranslation('deposits');
  const queue = useQueueParams(STAFF_DEPOSIT_FILTERS, 'pending');
  const { status } = queue;
  const list = useStaffDeposits(status, queue.page);
  const approve = useApproveDeposit();
  const [approving, setApproving] = useState<StaffDeposit | null>(null);
  const [rejecting, setRejecting] = useState<StaffDeposit | null>(null);
  const [refunding, setRefunding] = useState<StaffDeposit | null>(null);

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
      <QueuePage
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        queue={queue}
        filterLabel={t('staff.filters.label')}
        statusLabel={(value) => t(`staff.filters.${value}`)}
        query={list}
        empty={t('staff.empty')}
        pagesLabel={t('staff.pagination')}
      >
        {(rows) =>
          status === 'card' ? (
            <>
              <Text fz="sm" c="dimmed">
                {t('staff.card.hint')}
              </Text>
              <StuckCardDepositsTable deposits={rows} />
            </>
          ) : status === 'card-credited' ? (
            <>
              <Text fz="sm" c="dimmed">
                {t('staff.refund.hint')}
              </Text>
              <CardDepositsTable
                deposits={rows}
                when={{
                  header: t('staff.refund.credited'),
                  cell: (deposit) => dates.dateTime(deposit.credited_at),
                }}
                action={(deposit) => (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    leftSection={<IconCreditCardRefund size={14} />}
                    aria-label={t('staff.refund.label', {
                      organization: deposit.organization_name,
                      amount: formatMoney(deposit.amount_centavos),
                    })}
                    onClick={() => setRefunding(deposit)}
                  >
                    {t('staff.refund.action')}
                  </Button>
                )}
              />
            </>
          ) : (
            <DataTable
              rows={rows}
              rowKey={(deposit) => deposit.id}
              minWidth={960}
              columns={[
                {
                  key: 'organization',
                  header: t('staff.columns.organization'),
                  cell: (deposit) => <Text fw={600}>{deposit.organization_name}</Text>,
                },
                {
                  key: 'notified',
                  header: t('staff.columns.notified'),
                  cell: (deposit) => dates.dateTime(deposit.created_at),
                },
                {
                  key: 'amount',
                  header: t('staff.columns.amount'),
                  cell: (deposit) => (
                    <>
                      <Text fw={600}>{formatMoney(deposit.amount_centavos)}</Text>
                      {deposit.fee_centavos > 0 && (
                        <Text fz="xs" c="dimmed">
                          {t('staff.net', {
                            net: formatMoney(deposit.net_centavos),
                            fee: formatMoney(deposit.fee_centavos),
                          })}
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  key: 'bank',
                  header: t('staff.columns.bank'),
                  cell: (deposit) => deposit.origin_bank_name ?? deposit.origin_bank,
                },
                {
                  key: 'trackingKey',
                  header: t('staff.columns.trackingKey'),
                  cell: (deposit) => <Text ff="monospace">{deposit.tracking_key}</Text>,
                },
                {
                  key: 'reference',
                  header: t('staff.columns.reference'),
                  cell: (deposit) => (
                    <>
                      <Text fz="sm">{deposit.reference_number}</Text>
                      {deposit.reference_type && (
                        <Text fz="xs" c="dimmed">
                          {t(`notify.referenceTypes.${deposit.reference_type}`)}
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  key: 'voucher',
                  header: t('staff.columns.voucher'),
                  cell: (deposit) =>
                    deposit.has_voucher ? (
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
                    ),
                },
                status === 'pending' && {
                  key: 'actions',
                  header: t('staff.columns.actions'),
                  cell: (deposit) => (
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
                  ),
                },
                status !== 'pending' && {
                  key: 'reviewed',
                  header: t('staff.columns.reviewed'),
                  cell: (deposit) => dates.dateTime(deposit.reviewed_at),
                },
                status !== 'pending' && {
                  key: 'status',
                  header: t('staff.columns.status'),
                  cell: (deposit) => (
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
                  ),
                },
              ]}
            />
          )
        }
      </QueuePage>

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
      <CardRefundDialog deposit={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}

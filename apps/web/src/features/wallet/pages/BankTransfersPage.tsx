import {
  BANK_TRANSFER_STATUSES,
  formatMoney,
  groupClabe,
  type BankTransferView,
} from '@despacho/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueueParams } from '../../../lib/useQueueParams';
import { DataTable } from '../../../ui/DataTable';
import { QueuePage } from '../../../ui/QueuePage';
import { useBankTransfers } from '../bank-transfers-api';
import { AssignTransferDialog } from '../components/AssignTransferDialog';
import { ReturnTransferDialog } from '../components/ReturnTransferDialog';
import { StatementImportCard } from '../components/StatementImportCard';
import { useDateFormat } from '../../../lib/dates';

type Action = { kind: 'assign' | 'return'; transfer: BankTransferView } | null;

/**
 * SPEI reconciliation (decision 014): transfers the bank reported that could not be credited
 * by themselves wait here, oldest first, for staff to assign or return them; the statement
 * import sits on top. Filter and page live in the URL.
 */
export function BankTransfersPage() {
  const dates = useDateFormat();
  const { t } = useTranslation('bank-transfers');
  const queue = useQueueParams(BANK_TRANSFER_STATUSES, 'unmatched');
  const { status } = queue;
  const transfers = useBankTransfers(status, queue.page);
  const [action, setAction] = useState<Action>(null);

  return (
    <>
      <QueuePage
        title={t('title')}
        subtitle={t('subtitle')}
        above={<StatementImportCard />}
        queue={queue}
        filterLabel={t('filters.label')}
        statusLabel={(value) => t(`filters.${value}`)}
        query={transfers}
        empty={t(`empty.${status}`)}
        pagesLabel={t('pagination')}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(transfer) => transfer.id}
            minWidth={900}
            columns={[
              {
                key: 'received',
                header: t('columns.received'),
                cell: (transfer) => (
                  <>
                    <Text fz="sm">{dates.dateTime(transfer.received_at)}</Text>
                    <Text fz="xs" c="dimmed">
                      {t(`source.${transfer.source}`)}
                    </Text>
                  </>
                ),
              },
              {
                key: 'sender',
                header: t('columns.sender'),
                cell: (transfer) => (
                  <>
                    <Text fz="sm" fw={600}>
                      {transfer.sender_name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {transfer.sender_bank_name ?? transfer.sender_bank} · {transfer.sender_clabe}
                    </Text>
                  </>
                ),
              },
              {
                key: 'trackingKey',
                header: t('columns.trackingKey'),
                cell: (transfer) => (
                  <>
                    <Text fz="sm" ff="monospace">
                      {transfer.tracking_key}
                    </Text>
                    {transfer.concept && (
                      <Text fz="xs" c="dimmed">
                        {transfer.concept}
                      </Text>
                    )}
                  </>
                ),
              },
              {
                key: 'beneficiary',
                header: t('columns.beneficiary'),
                cell: (transfer) => (
                  <Text fz="sm" ff="monospace">
                    {groupClabe(transfer.beneficiary_clabe)}
                  </Text>
                ),
              },
              {
                key: 'amount',
                header: t('columns.amount'),
                align: 'right',
                cell: (transfer) => (
                  <Text fz="sm" fw={600}>
                    {formatMoney(transfer.amount_centavos)}
                  </Text>
                ),
              },
              {
                key: 'detail',
                header: t(`columns.detail.${status}`),
                cell: (transfer) => <TransferOutcome transfer={transfer} />,
              },
              status === 'unmatched' && {
                key: 'actions',
                header: t('columns.actions'),
                cell: (transfer) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      onClick={() => setAction({ kind: 'assign', transfer })}
                      disabled={transfer.unmatched_reason === 'below_fee'}
                      aria-label={t('actions.assignLabel', { trackingKey: transfer.tracking_key })}
                    >
                      {t('actions.assign')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      onClick={() => setAction({ kind: 'return', transfer })}
                      aria-label={t('actions.returnLabel', { trackingKey: transfer.tracking_key })}
                    >
                      {t('actions.return')}
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </QueuePage>
      {action?.kind === 'assign' && (
        <AssignTransferDialog transfer={action.transfer} opened onClose={() => setAction(null)} />
      )}
      {action?.kind === 'return' && (
        <ReturnTransferDialog transfer={action.transfer} opened onClose={() => setAction(null)} />
      )}
    </>
  );
}

/** Why a transfer waits, whom it was credited to, or why it was returned. */
function TransferOutcome({ transfer }: { transfer: BankTransferView }) {
  const { t } = useTranslation('bank-transfers');
  if (transfer.status === 'unmatched' && transfer.unmatched_reason) {
    return (
      <Badge color="orange" variant="light">
        {t(`reasons.${transfer.unmatched_reason}`)}
      </Badge>
    );
  }
  if (transfer.status === 'credited') {
    return (
      <Stack gap={0}>
        <Text fz="sm">{transfer.organization_name ?? '—'}</Text>
        {transfer.deposit_id && (
          <Text fz="xs" c="dimmed">
            {t('matchedNotification')}
          </Text>
        )}
      </Stack>
    );
  }
  return <Text fz="sm">{transfer.return_reason}</Text>;
}

import { formatMoney, type StaffDeposit } from '@despacho/domain';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';

/**
 * Card deposits as staff act on them: whose, when, how much, which card, and the one action the
 * list offers (verify a stuck one, refund a credited one).
 */
export function CardDepositsTable({
  deposits,
  when,
  action,
}: {
  deposits: StaffDeposit[];
  /** The moment the list is about: created (stuck ones) or credited. */
  when: { header: string; cell: (deposit: StaffDeposit) => string };
  action: (deposit: StaffDeposit) => ReactNode;
}) {
  const { t } = useTranslation('deposits');
  return (
    <DataTable
      rows={deposits}
      rowKey={(deposit) => deposit.id}
      minWidth={720}
      columns={[
        {
          key: 'organization',
          header: t('staff.columns.organization'),
          cell: (deposit) => <Text fw={600}>{deposit.organization_name}</Text>,
        },
        { key: 'when', header: when.header, cell: when.cell },
        {
          key: 'amount',
          header: t('staff.columns.amount'),
          cell: (deposit) => <Text fw={600}>{formatMoney(deposit.amount_centavos)}</Text>,
        },
        {
          key: 'card',
          header: t('staff.card.card'),
          cell: (deposit) => deposit.card_summary ?? t('staff.card.unknownCard'),
        },
        { key: 'actions', header: t('staff.columns.actions'), cell: action },
      ]}
    />
  );
}

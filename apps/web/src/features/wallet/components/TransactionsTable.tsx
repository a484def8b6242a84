import { formatMoney, type PaymentState, type TransactionView } from '@despacho/domain';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';

const STATE_COLORS: Record<PaymentState, string> = {
  pending: 'yellow',
  paid: 'teal',
  refund: 'blue',
  partial: 'orange',
  total: 'teal',
};

/** What caused a movement: a link to the record when the app has a screen for it. */
function Cause({ row, depositsPath }: { row: TransactionView; depositsPath: string }) {
  const { t } = useTranslation('wallet');
  const text = row.description ?? (row.reference ? t(`transactions.kinds.${row.kind}`) : '—');
  if (row.reference?.type === 'deposit') {
    return (
      <Anchor component={Link} to={depositsPath} fz="sm" title={t('transactions.sources.deposit')}>
        {text}
      </Anchor>
    );
  }
  return <Text fz="sm">{text}</Text>;
}

/**
 * The movements of the prepaid balance: local date and time (the organization's zone), kind, cause, the
 * signed amount (credits green, debits red), the balance left after it and the payment state.
 */
export function TransactionsTable({
  rows,
  depositsPath,
}: {
  rows: TransactionView[];
  depositsPath: string;
}) {
  const { t } = useTranslation('wallet');
  const dates = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('transactions.table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('transactions.table.date')}</Table.Th>
            <Table.Th>{t('transactions.table.kind')}</Table.Th>
            <Table.Th>{t('transactions.table.cause')}</Table.Th>
            <Table.Th ta="right">{t('transactions.table.amount')}</Table.Th>
            <Table.Th ta="right">{t('transactions.table.balanceAfter')}</Table.Th>
            <Table.Th>{t('transactions.table.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {dates.dateTime(row.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{t(`transactions.kinds.${row.kind}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Cause row={row} depositsPath={depositsPath} />
              </Table.Td>
              <Table.Td ta="right">
                <Text
                  fz="sm"
                  fw={600}
                  c={row.amount_centavos >= 0 ? 'teal' : 'red'}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {`${row.amount_centavos > 0 ? '+' : ''}${formatMoney(row.amount_centavos)}`}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.balance_after_centavos)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_COLORS[row.payment_state]}>
                  {t(`transactions.states.${row.payment_state}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

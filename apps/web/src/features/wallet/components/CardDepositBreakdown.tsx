import { formatMoney, MIN_FREE_DEPOSIT_CENTAVOS, type DepositBreakdown } from '@despacho/domain';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Amount, the fee and what reaches the balance, shown before confirming. The fee's row says why
 * only when there is one: "under $500.00" beside "no fee" read as a fee on a $2,000 deposit.
 */
export function Breakdown({ breakdown }: { breakdown: DepositBreakdown }) {
  const { t } = useTranslation('card-deposits');
  return (
    <Table variant="vertical" withTableBorder aria-label={t('breakdown.label')}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w="60%">{t('breakdown.amount')}</Table.Th>
          <Table.Td>{formatMoney(breakdown.amount)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('breakdown.fee')}</Table.Th>
          <Table.Td>
            {breakdown.fee_total > 0
              ? t('breakdown.feeValue', {
                  fee: formatMoney(breakdown.fee_total),
                  min: formatMoney(MIN_FREE_DEPOSIT_CENTAVOS),
                })
              : t('breakdown.noFee')}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('breakdown.netLabel')}</Table.Th>
          <Table.Td fw={700}>{t('breakdown.net', { net: formatMoney(breakdown.net) })}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

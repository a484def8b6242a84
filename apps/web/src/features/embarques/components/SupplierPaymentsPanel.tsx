import { formatMoney, type SupplierPayment } from '@despacho/domain';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { Section } from './Section';

/** What was paid to the supplier, in its currency, with the date and the bank's reference. */
export function SupplierPaymentsPanel({
  payments,
  action,
}: {
  payments: SupplierPayment[];
  action?: ReactNode;
}) {
  const { t } = useTranslation('embarques');
  const dates = useDateFormat();
  return (
    <Section title={t('supplierPayments.title')} action={action}>
      {payments.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('supplierPayments.empty')}
        </Text>
      ) : (
        <Table layout="fixed" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('supplierPayments.paidOn')}</Table.Th>
              <Table.Th>{t('supplierPayments.reference')}</Table.Th>
              <Table.Th ta="right">{t('supplierPayments.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td>{dates.day(payment.paid_on)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{payment.reference}</Table.Td>
                <Table.Td ta="right">
                  {formatMoney(payment.amount_cents, payment.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

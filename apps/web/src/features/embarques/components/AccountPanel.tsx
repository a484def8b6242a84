import { formatMoney, type Embarque } from '@despacho/domain';
import { Badge, Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Audience } from './audience';
import { Section } from './Section';

function Row({
  label,
  children,
  strong,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text fz="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/**
 * The cuenta de gastos reconciled against the advance: each expense, then what was paid in
 * advance, spent and refunded, and the balance left (in the merchant's favour or owed).
 */
export function AccountPanel({
  embarque,
  audience,
  action,
}: {
  embarque: Embarque;
  audience: Audience;
  action?: ReactNode;
}) {
  const { t } = useTranslation('embarques');
  const { account, expenses } = embarque;
  const balance = account.balance_centavos;
  const balanceLabel =
    balance > 0
      ? t(`${audience}.balanceInFavor`)
      : balance < 0
        ? t('account.balanceOwed')
        : t('account.balanceZero');
  return (
    <Section title={t('account.title')} action={action}>
      <Stack gap="sm">
        {expenses.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('account.empty')}
          </Text>
        ) : (
          <Table layout="fixed" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account.concept')}</Table.Th>
                <Table.Th ta="right" w={130}>
                  {t('account.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {expenses.map((expense) => (
                <Table.Tr key={expense.id}>
                  <Table.Td>
                    {t(`expenseConcepts.${expense.concept}`)}
                    {expense.description && (
                      <Text fz="xs" c="dimmed">
                        {expense.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(expense.amount_centavos)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Divider />
        <Row label={t('account.advancePaid')}>{formatMoney(account.advance_paid_centavos)}</Row>
        <Row label={t('account.expenses')}>{formatMoney(account.expenses_centavos)}</Row>
        {account.refunded_centavos > 0 && (
          <Row label={t(`${audience}.refunded`)}>{formatMoney(account.refunded_centavos)}</Row>
        )}
        {account.pending_centavos > 0 && (
          <Row label={t('account.pending')}>{formatMoney(account.pending_centavos)}</Row>
        )}
        {account.service_paid_centavos > 0 && (
          <Row label={t('account.servicePaid')}>{formatMoney(account.service_paid_centavos)}</Row>
        )}
        <Row label={balanceLabel} strong>
          <span data-testid="account-balance">{formatMoney(Math.abs(balance))}</span>
        </Row>
        <Group>
          <Badge color={account.customs_covered ? 'green' : 'orange'} variant="light">
            {account.customs_covered ? t('account.customsCovered') : t('account.customsNotCovered')}
          </Badge>
        </Group>
      </Stack>
    </Section>
  );
}

import { classificationFee, CLASSIFICATION_RULES, formatMoney } from '@despacho/domain';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BalanceCheck } from '../../../ui/BalanceCheck';
import { useDateFormat } from '../../../lib/dates';
import { REDIRECT_PARAM } from '../../../lib/paths';
import { CLASSIFICATION_CREATE_PATH } from '../paths';

const DEPOSITS_PATH = `/app/finance/deposits?${new URLSearchParams({ [REDIRECT_PARAM]: CLASSIFICATION_CREATE_PATH }).toString()}`;

/**
 * What the request costs (120 MXN a product, VAT included), the balance it is held from and the
 * day it is due; a balance short of the total blocks with the spec's text and a way to deposit.
 */
export function ClassificationSummary({
  count,
  available,
  dueDate,
  canDeposit,
}: {
  count: number;
  available: number | null;
  dueDate: string | null;
  canDeposit: boolean;
}) {
  const { t } = useTranslation('classification');
  const dates = useDateFormat();
  const fee = classificationFee(count);
  const short =
    available !== null && available < fee.total_centavos ? fee.total_centavos - available : null;

  return (
    <Stack gap="sm">
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>{t('create.unitPrice')}</Table.Th>
            <Table.Td>{formatMoney(CLASSIFICATION_RULES.feeCentavos)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('create.count')}</Table.Th>
            <Table.Td>{count}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('create.vat')}</Table.Th>
            <Table.Td>{formatMoney(fee.vat_centavos)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('create.total')}</Table.Th>
            <Table.Td fw={800} fz="md" data-testid="classification-total">
              {formatMoney(fee.total_centavos)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('create.due')}</Table.Th>
            <Table.Td>{dueDate ? dates.day(dueDate) : '—'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text fz="xs" c="dimmed">
        {t('create.holdNote', { days: CLASSIFICATION_RULES.dueBusinessDays })}
      </Text>
      <BalanceCheck
        available={available}
        loading={available === null}
        short={short}
        shortHint={(missing) => t('create.insufficientHint', { missing })}
        depositsPath={DEPOSITS_PATH}
        canDeposit={canDeposit}
        testId="classification-balance"
      />
    </Stack>
  );
}

/** Whether the balance covers `count` products. */
export const coversFee = (available: number | null, count: number) =>
  available !== null && available >= classificationFee(count).total_centavos;

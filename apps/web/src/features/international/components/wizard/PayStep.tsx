import { formatMoney, type RateView, type T1QuoteView } from '@despacho/domain';
import { Alert, Grid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BalanceCheck } from '../../../../ui/BalanceCheck';
import { REDIRECT_PARAM } from '../../../../lib/paths';
import { useCountryName } from '../../../../ui/countries';
import { CREATE_T1_PATH } from '../../paths';

const DEPOSITS_PATH = `/app/finance/deposits?${new URLSearchParams({ [REDIRECT_PARAM]: CREATE_T1_PATH }).toString()}`;

/**
 * Step 7: what is paid now (the guide, from the balance) and what is not (the duties estimate,
 * paid to the courier by whoever the incoterm names); a balance short of the guide blocks with
 * the shared message and a way to deposit.
 */
export function PayStep({
  quote,
  rate,
  origin,
  balance,
  canDeposit,
  failure,
}: {
  quote: T1QuoteView;
  rate: RateView;
  /** The Mexican location as the merchant named it. */
  origin: string;
  balance: { loading: boolean; available: number | null };
  canDeposit: boolean;
  failure: string | null;
}) {
  const { t } = useTranslation('international');
  const countryName = useCountryName();
  const short =
    balance.available !== null && balance.available < rate.total
      ? rate.total - balance.available
      : null;
  const abroad = `${quote.abroad.contact_name} (${countryName(quote.abroad.country)})`;
  const duties = quote.duties.duties_mxn_centavos;

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('pay.title')}
      </Title>
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Text fw={600} fz="sm">
            {t('pay.failed')}
          </Text>
          <Text fz="sm">{failure}</Text>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Table
            variant="vertical"
            withTableBorder
            layout="fixed"
            fz="sm"
            aria-label={t('pay.summary')}
          >
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="45%">{t('pay.route')}</Table.Th>
                <Table.Td>
                  {quote.direction === 'export'
                    ? t('pay.routeValue', { from: origin, to: abroad })
                    : t('pay.routeValue', { from: abroad, to: origin })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('pay.service')}</Table.Th>
                <Table.Td>{`${rate.carrier_name} ${rate.service_name}`}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('pay.invoice')}</Table.Th>
                <Table.Td>
                  {t('pay.invoiceValue', {
                    count: quote.lines.length,
                    total: formatMoney(quote.invoice_total_cents, quote.currency),
                    incoterm: quote.incoterm,
                  })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('pay.guide')}</Table.Th>
                <Table.Td fw={800} fz="md" data-testid="t1-pay-total">
                  {formatMoney(rate.total)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('pay.duties')}</Table.Th>
                <Table.Td>
                  {duties === null ? t('duties.none') : formatMoney(duties)}
                  <Text fz="xs" c="dimmed">
                    {t(`duties.payer.${quote.duties.payer}`)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <BalanceCheck
              available={balance.available}
              loading={balance.loading}
              short={short}
              shortHint={(missing) => t('pay.insufficientHint', { missing })}
              depositsPath={DEPOSITS_PATH}
              canDeposit={canDeposit}
              testId="t1-pay-balance"
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { formatMoney, type T1Duties } from '@despacho/domain';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconReceiptTax } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { Fact } from '../../../ui/Fact';

/**
 * The duties and taxes estimate with its basis: the band of the staff's rates table, its rate,
 * the value in USD, the exchange rate and the day it was read. Despacho never charges it: the
 * recipient (DAP) or the shipper (DDP) pays it to the courier. Without a band (an export whose
 * destination has no row) there is no figure and it says so.
 */
export function DutiesCard({ duties }: { duties: T1Duties }) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const band = duties.band;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="t1-duties"
      data-testid="t1-duties"
    >
      <Stack gap="sm">
        <Title order={3} fz="md" id="t1-duties">
          <IconReceiptTax size={18} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
          {t('duties.title')}
        </Title>
        {duties.duties_mxn_centavos !== null && duties.duties_usd_cents !== null ? (
          <div>
            <Text fz="xl" fw={800} data-testid="t1-duties-mxn">
              {formatMoney(duties.duties_mxn_centavos)}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('duties.inUsd', { amount: formatMoney(duties.duties_usd_cents, 'USD') })}
            </Text>
          </div>
        ) : (
          <Text fz="sm" fw={600}>
            {t('duties.none')}
          </Text>
        )}
        <Text fz="sm">{t(`duties.payer.${duties.payer}`)}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Fact label={t('duties.value')}>
            {formatMoney(duties.value_usd_cents, 'USD')}
            {duties.currency !== 'USD' &&
              ` (${formatMoney(duties.invoice_total_cents, duties.currency)})`}
          </Fact>
          <Fact label={t('duties.band')}>
            {band ? t('duties.bandValue', { label: band.label, rate: band.rate_percent }) : '—'}
          </Fact>
          <Fact label={t('duties.exchangeRate')}>
            {t('duties.exchangeRateValue', {
              rate: duties.exchange_rate.usd_mxn,
              day: dates.day(duties.exchange_rate.effective_from),
            })}
          </Fact>
          <Fact label={t('duties.day')}>{dates.day(duties.day)}</Fact>
        </SimpleGrid>
        {band && (
          <Text fz="xs" c="dimmed">
            {t('duties.source', { source: band.source })}
          </Text>
        )}
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
          <Text fz="xs">{duties.note}</Text>
        </Alert>
      </Stack>
    </Paper>
  );
}

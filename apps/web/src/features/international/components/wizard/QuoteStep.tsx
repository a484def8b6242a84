import { CARRIERS, formatMoney, type RateView, type T1QuoteView } from '@despacho/domain';
import { Alert, Grid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../lib/dates';
import { RatesList } from '../../../../ui/RatesList';
import { DutiesCard } from '../DutiesCard';

/** Carriers with an international service: a domestic-only one's missing rate says nothing. */
const INTERNATIONAL_CARRIERS = new Set(
  CARRIERS.filter((carrier) => carrier.services.some((service) => service.international)).map(
    (carrier) => carrier.key,
  ),
);

/**
 * Step 6: the carriers' international rates for the declared shipment, and beside them the
 * duties and taxes estimate with its basis — the same for every carrier, since it follows from
 * the goods, their value and the destination — before anything is paid.
 */
export function QuoteStep({
  quote,
  selectedId,
  onChoose,
  chooseError,
}: {
  quote: T1QuoteView;
  selectedId: string | null;
  onChoose: (rate: RateView) => void;
  chooseError: string | null;
}) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const duties = quote.duties.duties_mxn_centavos;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          {t('quote.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('quote.validUntil', { time: dates.timeWithZone(quote.expires_at) })}
        </Text>
      </div>
      {chooseError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {chooseError}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="xs">
            {duties !== null && quote.rates.length > 0 && (
              <Text fz="sm" data-testid="t1-rates-duties">
                {t('quote.dutiesEach', { duties: formatMoney(duties) })}
              </Text>
            )}
            <RatesList
              rates={quote.rates}
              unavailable={quote.unavailable.filter((carrier) =>
                INTERNATIONAL_CARRIERS.has(carrier.carrier_key),
              )}
              selectedId={selectedId}
              onChoose={onChoose}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <DutiesCard duties={quote.duties} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

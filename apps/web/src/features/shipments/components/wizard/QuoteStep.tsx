import type { QuoteView, RateView } from '@despacho/domain';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../lib/server-errors';
import { useDateFormat } from '../../../../lib/dates';
import { RatesList } from '../../../../ui/RatesList';

/**
 * Step 5: the rates for the origin, destination and packages of the earlier steps (asked again
 * whenever those change), to choose one.
 */
export function QuoteStep({
  route,
  quote,
  loading,
  error,
  onRetry,
  selectedId,
  onChoose,
  notice,
  chooseError,
  canOpenSettings,
}: {
  route: { origin: string; destination: string; packages: number } | null;
  quote: QuoteView | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selectedId: string | null;
  onChoose: (rate: RateView) => void;
  notice: string | null;
  chooseError: string | null;
  canOpenSettings: boolean;
}) {
  const { t } = useTranslation('shipment-create');
  const dates = useDateFormat();
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          {t('quote.title')}
        </Title>
        {route && (
          <Text fz="sm" c="dimmed">
            {t('quote.route', {
              origin: route.origin,
              destination: route.destination,
              packages: t('quote.packages', { count: route.packages }),
            })}
          </Text>
        )}
      </div>
      {notice && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          {notice}
        </Alert>
      )}
      {chooseError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {chooseError}
        </Alert>
      )}
      {loading ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text fz="sm">{t('quote.loading')}</Text>
        </Group>
      ) : error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Text fz="sm" fw={600}>
            {t('quote.failed')}
          </Text>
          <Text fz="sm">{messageOf(error)}</Text>
          <Button
            mt="sm"
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            {t('quote.retry')}
          </Button>
        </Alert>
      ) : quote ? (
        <>
          {quote.rates.length > 0 && (
            <Text fz="sm" c="dimmed">
              {t('quote.validUntil', { time: dates.timeWithZone(quote.expires_at) })}
            </Text>
          )}
          <RatesList
            rates={quote.rates}
            unavailable={quote.unavailable}
            selectedId={selectedId}
            onChoose={onChoose}
            canOpenSettings={canOpenSettings}
          />
        </>
      ) : null}
    </Stack>
  );
}

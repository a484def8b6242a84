import type { RateView } from '@despacho/domain';
import { formatMoney } from '@despacho/domain';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { messageOf } from '../../../lib/server-errors';
import { PageHeader } from '../../../ui/PageHeader';
import { RatesList } from '../../../ui/RatesList';
import { ORDERS_PATH } from '../components/OrderState';
import { readFulfilDraft, type FulfilDraft } from '../fulfil-draft';
import { ordersKeys } from '../api';
import { orderApi } from '../order-api';

/**
 * `orders/quote-shipping?order=…&origin=…&lines=…&parcel=…`: the rates for the fulfilment chosen
 * on the previous screen; buying one sends an Idempotency-Key (a retried click buys once) and
 * goes back to the order, whose tracking is then pushed to the store.
 */
export function QuoteShippingPage() {
  const { t } = useTranslation('orders');
  const { t: nav } = useTranslation('navigation');
  const [params] = useSearchParams();
  const draft = readFulfilDraft(params);
  return (
    <>
      <PageHeader
        title={nav('screens.ordersQuoteShipping.title')}
        breadcrumbs={[
          { label: nav('modules.ecommerce') },
          { label: nav('screens.orders.title'), to: ORDERS_PATH },
          { label: t('fulfil.step2') },
        ]}
      />
      {draft ? (
        <Rates draft={draft} back={`${ORDERS_PATH}/create-fulfillment?order=${draft.orderId}`} />
      ) : (
        <Alert color="orange">{t('fulfil.draftMissing')}</Alert>
      )}
    </>
  );
}

function Rates({ draft, back }: { draft: FulfilDraft; back: string }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = { params: { id: draft.orderId }, body: draft.request };
  const quote = useQuery({
    queryKey: ordersKeys.quote(input),
    queryFn: () => orderApi.quote(draft.orderId, draft.request),
    retry: false,
    staleTime: Infinity,
  });
  const [chosen, setChosen] = useState<{ rate: RateView; key: string } | null>(null);
  const buy = useMutation({
    mutationFn: ({ rate, key }: { rate: RateView; key: string }) =>
      orderApi.fulfill(
        draft.orderId,
        { ...draft.request, quote_id: quote.data!.id, rate_id: rate.id },
        key,
      ),
    onSuccess: async (fulfillment) => {
      notifications.show({
        color: 'teal',
        message: t(
          fulfillment.push.state === 'not_applicable' ? 'fulfil.bought' : 'fulfil.boughtPushing',
          { tracking: fulfillment.tracking_number ?? '—' },
        ),
      });
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      await navigate(`${ORDERS_PATH}/${draft.orderId}`);
    },
  });

  if (quote.error) {
    return (
      <Stack>
        <Alert color="red">{messageOf(quote.error)}</Alert>
        <Button component={Link} to={back} variant="default" w="fit-content">
          {t('fulfil.back')}
        </Button>
      </Stack>
    );
  }
  if (!quote.data) return <Skeleton height={240} radius="md" />;
  return (
    <Stack gap="lg">
      <RatesList
        rates={quote.data.rates}
        unavailable={quote.data.unavailable}
        chooseLabel={t('fulfil.choose')}
        selectedId={chosen?.rate.id ?? null}
        onChoose={(rate) => {
          buy.reset();
          // One key per chosen rate: a second click on «Comprar» retries the same purchase.
          setChosen({ rate, key: newIdempotencyKey() });
        }}
      />
      {chosen && (
        <Paper withBorder p="md">
          <Group justify="space-between" wrap="wrap">
            <Text fz="sm">
              {t('fulfil.confirm', {
                carrier: chosen.rate.carrier_name,
                service: chosen.rate.service_name,
                total: formatMoney(chosen.rate.total),
              })}
            </Text>
            <Button loading={buy.isPending} onClick={() => buy.mutate(chosen)}>
              {t('fulfil.buy')}
            </Button>
          </Group>
          {buy.error && (
            <Alert color="red" mt="sm" role="alert">
              {messageOf(buy.error)}
            </Alert>
          )}
        </Paper>
      )}
      <Button component={Link} to={back} variant="default" w="fit-content">
        {t('fulfil.back')}
      </Button>
    </Stack>
  );
}

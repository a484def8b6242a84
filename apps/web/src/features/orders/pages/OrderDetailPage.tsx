import { formatMoney, type OrderDetail, type OrderLineView } from '@despacho/domain';
import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { PageHeader } from '../../../ui/PageHeader';
import { FulfillmentBadge, PaymentBadge } from '../components/OrderBadges';
import { OrderAddressDialog } from '../components/OrderAddressDialog';
import { OrderCancelDialog } from '../components/OrderCancelDialog';
import { OrderCustomerCard } from '../components/OrderCustomerCard';
import { OrderFlags } from '../components/OrderFlags';
import { OrderFulfillments } from '../components/OrderFulfillments';
import { OrderHistory } from '../components/OrderHistory';
import { OrderLines } from '../components/OrderLines';
import { OrderLinkDialog } from '../components/OrderLinkDialog';
import { ORDERS_PATH, WithOrder } from '../components/OrderState';
import { OrderTags } from '../components/OrderTags';
import { orderApi, useOrderChange } from '../order-api';

/**
 * `orders/:id`: the lines with what is fulfilled and remaining, the customer and address, the
 * guides and their push to the store, the history and tags; cancel, link lines, and «Enviar».
 */
export function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const { t: nav } = useTranslation('navigation');
  const { id } = useParams();
  return (
    <WithOrder id={id}>
      {(order) => (
        <>
          <PageHeader
            title={t('detail.title', { number: order.number })}
            breadcrumbs={[
              { label: nav('modules.ecommerce') },
              { label: nav('screens.orders.title'), to: ORDERS_PATH },
              { label: order.number },
            ]}
            badge={<OrderStateBadges order={order} />}
          />
          <OrderDetails order={order} />
        </>
      )}
    </WithOrder>
  );
}

function OrderStateBadges({ order }: { order: OrderDetail }) {
  return (
    <Group gap="xs">
      <FulfillmentBadge order={order} />
      <PaymentBadge state={order.payment_state} />
    </Group>
  );
}

function OrderDetails({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const dates = useDateFormat();
  const [linking, setLinking] = useState<OrderLineView | null>(null);
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const link = useOrderChange(order.id, (args: { lineId: string; variantId: string }) =>
    orderApi.linkLine(order.id, args.lineId, args.variantId),
  );
  const tags = useOrderChange(order.id, (next: string[]) => orderApi.setTags(order.id, next));
  const retry = useOrderChange(order.id, (fulfillmentId: string) =>
    orderApi.retryPush(order.id, fulfillmentId),
  );
  const cancel = useOrderChange(order.id, (body: { at_store: boolean; reason?: string }) =>
    orderApi.cancel(order.id, body),
  );
  const open = order.status === 'open';
  // Only mapped lines ship (the fulfilment needs their catalogue variant): link the rest first.
  const remaining = order.lines.some((line) => line.remaining_quantity > 0 && line.variant_id);
  const canShip =
    open && remaining && !order.flags.includes('shipped_by_platform') && order.shipping_address;
  const subtotal = order.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" c="dimmed">
          {t('detail.placed', {
            date: dates.dateTime(order.placed_at),
            source: order.store?.name ?? t('detail.manual'),
          })}
        </Text>
        {open && (
          <Group gap="xs">
            {canShip && (
              <Button
                component={Link}
                to={`${ORDERS_PATH}/create-fulfillment?order=${order.id}`}
                leftSection={<IconTruckDelivery size={16} />}
              >
                {t('detail.ship')}
              </Button>
            )}
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => setCancelling(true)}
            >
              {t('cancel.open')}
            </Button>
          </Group>
        )}
      </Group>
      <OrderFlags flags={order.flags} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <OrderLines
              lines={order.lines}
              currency={order.currency}
              canLink={open}
              onLink={(line) => {
                link.reset();
                setLinking(line);
              }}
            />
            <OrderFulfillments
              fulfillments={order.fulfillments}
              retrying={retry.isPending ? (retry.variables ?? null) : null}
              onRetry={(fulfillmentId) =>
                retry.mutate(fulfillmentId, {
                  onSuccess: () => notifications.show({ message: t('detail.push.retried') }),
                  onError: (error) =>
                    notifications.show({ color: 'red', message: messageOf(error) }),
                })
              }
            />
            <OrderHistory history={order.history} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <OrderCustomerCard order={order} onEdit={() => setEditing(true)} />
            <Paper withBorder p="md">
              <Stack gap={4}>
                <Title order={2} fz="h4">
                  {t('detail.totals.title')}
                </Title>
                <Total
                  label={t('detail.totals.subtotal')}
                  value={formatMoney(subtotal, order.currency)}
                />
                <Total
                  label={t('detail.totals.shipping')}
                  value={formatMoney(order.shipping_price, order.currency)}
                />
                <Total
                  label={t('detail.totals.total')}
                  value={formatMoney(order.total, order.currency)}
                  strong
                />
                {order.note && (
                  <Text fz="sm" mt="xs">
                    {order.note}
                  </Text>
                )}
              </Stack>
            </Paper>
            <OrderTags
              tags={order.tags}
              onChange={(next) => tags.mutate(next)}
              error={tags.error ? messageOf(tags.error) : undefined}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {linking && (
        <OrderLinkDialog
          line={linking}
          onClose={() => setLinking(null)}
          pending={link.isPending}
          error={link.error}
          onLink={(variantId) =>
            link.mutate({ lineId: linking.id, variantId }, { onSuccess: () => setLinking(null) })
          }
        />
      )}
      {editing && <OrderAddressDialog order={order} onClose={() => setEditing(false)} />}
      <OrderCancelDialog
        order={order}
        opened={cancelling}
        onClose={() => setCancelling(false)}
        pending={cancel.isPending}
        error={cancel.error}
        onCancel={(body) =>
          cancel.mutate(body, {
            onSuccess: () => {
              setCancelling(false);
              notifications.show({ color: 'teal', message: t('cancel.done') });
            },
          })
        }
      />
    </Stack>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fz="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
}

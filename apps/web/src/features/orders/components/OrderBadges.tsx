import type { OrderFlag, OrderListItem } from '@despacho/domain';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const FULFILLMENT_COLORS: Record<OrderListItem['fulfillment_state'], string> = {
  unfulfilled: 'orange',
  partial: 'yellow',
  fulfilled: 'teal',
};
const PAYMENT_COLORS: Record<OrderListItem['payment_state'], string> = {
  pending: 'orange',
  partially_paid: 'yellow',
  paid: 'teal',
  partially_refunded: 'grape',
  refunded: 'gray',
};
const FLAG_COLORS: Record<OrderFlag, string> = {
  unmapped_lines: 'red',
  address_doubtful: 'orange',
  address_missing: 'red',
  shipped_by_platform: 'blue',
};

/** The order's fulfilment state, or «Cancelado» for a cancelled one. */
export function FulfillmentBadge({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders');
  return order.status === 'cancelled' ? (
    <Badge color="gray" variant="light">
      {t('states.status.cancelled')}
    </Badge>
  ) : (
    <Badge color={FULFILLMENT_COLORS[order.fulfillment_state]} variant="light">
      {t(`states.fulfillment.${order.fulfillment_state}`)}
    </Badge>
  );
}

export function PaymentBadge({ state }: { state: OrderListItem['payment_state'] }) {
  const { t } = useTranslation('orders');
  return (
    <Badge color={PAYMENT_COLORS[state]} variant="light">
      {t(`states.payment.${state}`)}
    </Badge>
  );
}

/** Why the order cannot be labelled as it stands, one badge each. */
export function FlagBadges({ flags }: { flags: readonly OrderFlag[] }) {
  const { t } = useTranslation('orders');
  if (flags.length === 0) return null;
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag} color={FLAG_COLORS[flag]} variant="dot" size="sm">
          {t(`flags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
}

import { formatMoney, type OrderListItem } from '@despacho/domain';
import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { DataTable } from '../../../ui/DataTable';
import { orderPath } from '../orders-list-paths';
import { FlagBadges, FulfillmentBadge, PaymentBadge } from './OrderBadges';

/**
 * One page of orders: store, number, date, customer, items, total, payment and fulfilment
 * states, tags and flags; a checkbox per row selects it for bulk labels. Cards on a phone.
 */
export function OrdersTable({
  rows,
  selected,
  onSelect,
}: {
  rows: OrderListItem[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const onPage = rows.filter((row) => selected.has(row.id));

  return (
    <>
      <Checkbox
        mb="xs"
        label={t('list.table.selectPage')}
        checked={onPage.length === rows.length}
        indeterminate={onPage.length > 0 && onPage.length < rows.length}
        onChange={(event) =>
          onSelect(
            rows.map((row) => row.id),
            event.currentTarget.checked,
          )
        }
      />
      <DataTable<OrderListItem>
        rows={rows}
        rowKey={(order) => order.id}
        label={nav('screens.orders.title')}
        minWidth={960}
        cardsBelow="xs"
        rowTo={(order) => orderPath(order.id)}
        columns={[
          {
            key: 'select',
            header: t('list.table.select'),
            hideHeader: true,
            width: 40,
            cell: (order) => (
              <Checkbox
                aria-label={t('list.table.selectOne', { number: order.number })}
                checked={selected.has(order.id)}
                onChange={(event) => onSelect([order.id], event.currentTarget.checked)}
              />
            ),
          },
          {
            key: 'number',
            header: t('list.table.number'),
            cardTitle: true,
            cell: (order) => (
              <Stack gap={2}>
                <Anchor component={Link} to={orderPath(order.id)} fw={600} fz="sm">
                  {order.number}
                </Anchor>
                <FlagBadges flags={order.flags} />
              </Stack>
            ),
          },
          {
            key: 'store',
            header: t('list.table.store'),
            // A Mercado Libre nickname (`TIENDA_OFICIAL_…`) has no space to break at.
            cell: (order) => (
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {order.store?.name ?? t('list.table.manual')}
              </Text>
            ),
          },
          {
            key: 'date',
            header: t('list.table.date'),
            cell: (order) => <Text fz="sm">{dates.dateTime(order.placed_at)}</Text>,
          },
          {
            key: 'customer',
            header: t('list.table.customer'),
            cell: (order) => <Text fz="sm">{order.customer_name ?? '—'}</Text>,
          },
          {
            key: 'items',
            header: t('list.table.items'),
            align: 'right',
            cell: (order) => order.items,
          },
          {
            key: 'total',
            header: t('list.table.total'),
            align: 'right',
            cell: (order) => formatMoney(order.total, order.currency),
          },
          {
            key: 'payment',
            header: t('list.table.payment'),
            cell: (order) => <PaymentBadge state={order.payment_state} />,
          },
          {
            key: 'fulfillment',
            header: t('list.table.fulfillment'),
            cell: (order) => <FulfillmentBadge order={order} />,
          },
          {
            key: 'tags',
            header: t('list.table.tags'),
            cell: (order) =>
              order.tags.length === 0 ? (
                '—'
              ) : (
                <Group gap={4}>
                  {order.tags.map((tag) => (
                    <Text key={tag} span fz="xs" c="dimmed">
                      #{tag}
                    </Text>
                  ))}
                </Group>
              ),
          },
        ]}
      />
    </>
  );
}

import type { BulkLabelsView } from '@despacho/domain';
import { Anchor, Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../ui/DataTable';
import { errorReason } from '../order-format';
import { orderPath } from '../orders-list-paths';

type Item = BulkLabelsView['items'][number];

const ITEM_COLORS: Record<Item['state'], string> = {
  pending: 'gray',
  bought: 'teal',
  failed: 'red',
  skipped: 'yellow',
};

/** Each order of a bulk run: its state, the guide's tracking or why it has none. */
export function BulkItemsTable({ items }: { items: Item[] }) {
  const { t } = useTranslation('orders');
  return (
    <DataTable<Item>
      rows={items}
      rowKey={(item) => item.order_id}
      label={t('bulk.run.items')}
      minWidth={640}
      cardsBelow="xs"
      columns={[
        {
          key: 'number',
          header: t('bulk.run.order'),
          cardTitle: true,
          cell: (item) => (
            <Anchor component={Link} to={orderPath(item.order_id)} fw={600} fz="sm">
              {item.number}
            </Anchor>
          ),
        },
        {
          key: 'state',
          header: t('bulk.run.state'),
          cell: (item) => (
            <Badge color={ITEM_COLORS[item.state]} variant="light">
              {t(`bulk.itemStates.${item.state}`)}
            </Badge>
          ),
        },
        {
          key: 'tracking',
          header: t('bulk.run.tracking'),
          cell: (item) => (
            <Text fz="sm" ff="monospace">
              {item.tracking_number ?? '—'}
            </Text>
          ),
        },
        {
          key: 'error',
          header: t('bulk.run.error'),
          cell: (item) => (
            <Text fz="sm" c={item.error ? 'red' : undefined}>
              {item.error ? errorReason(item.error) : '—'}
            </Text>
          ),
        },
      ]}
    />
  );
}

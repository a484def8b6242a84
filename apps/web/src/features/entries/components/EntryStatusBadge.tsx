import type { EntryStatus, EntryStockStatus } from '@despacho/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<EntryStatus, string> = {
  pending: 'blue',
  partial: 'yellow',
  received: 'green',
  cancelled: 'gray',
};

const STOCK_COLORS: Record<EntryStockStatus, string> = {
  no_definition: 'gray',
  pending: 'yellow',
  stock: 'green',
};

export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  const { t } = useTranslation('entries');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function StockStatusBadge({ status }: { status: EntryStockStatus }) {
  const { t } = useTranslation('entries');
  return (
    <Badge color={STOCK_COLORS[status]} variant="light">
      {t(`stockStatuses.${status}`)}
    </Badge>
  );
}

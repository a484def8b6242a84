import type { EntryStatus } from '@despacho/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LineStatus } from './line-status';

const STATUS_COLORS: Record<EntryStatus, string> = {
  pending: 'blue',
  partial: 'yellow',
  received: 'green',
  cancelled: 'gray',
};

const LINE_COLORS: Record<LineStatus, string> = {
  awaiting: 'blue',
  not_arrived: 'gray',
  cancelled: 'gray',
  incident: 'orange',
  set_apart: 'yellow',
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

export function LineStatusBadge({ status }: { status: LineStatus }) {
  const { t } = useTranslation('entries');
  return (
    <Badge color={LINE_COLORS[status]} variant="light">
      {t(`lineStatuses.${status}`)}
    </Badge>
  );
}

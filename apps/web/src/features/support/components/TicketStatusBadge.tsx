import type { TicketStatus } from '@despacho/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TicketStatus, string> = {
  opened: 'blue',
  in_progress: 'yellow',
  closed: 'gray',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

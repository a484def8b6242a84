import type { WebhookDeliveryStatus } from '@despacho/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<WebhookDeliveryStatus, string> = {
  pending: 'yellow',
  succeeded: 'teal',
  failed: 'red',
};

/** A delivery's state: waiting for its next attempt, delivered, or given up. */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('developers');
  return (
    <Badge variant="light" color={COLORS[status]}>
      {t(`log.statuses.${status}`)}
    </Badge>
  );
}

import type { PurchaseState, ShipmentStatus } from '@despacho/domain';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../format';

/**
 * Where a guide stands: its list status, or — when the purchase did not finish — the purchase's
 * state, shown apart (a failed purchase is no guide). A cancellation asked of the carrier and not
 * yet confirmed shows next to the status.
 */
export function ShipmentStatusBadge({
  status,
  purchaseState,
  cancellationRequested = false,
  size = 'md',
}: {
  status: ShipmentStatus;
  purchaseState: PurchaseState;
  cancellationRequested?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('shipments');
  if (purchaseState === 'failed') {
    return (
      <Badge size={size} color="red" variant="outline">
        {t('purchase.failed')}
      </Badge>
    );
  }
  if (purchaseState === 'purchasing') {
    return (
      <Badge size={size} color="yellow" variant="outline">
        {t('purchase.purchasing')}
      </Badge>
    );
  }
  const badge = (
    <Badge size={size} color={STATUS_COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
  if (!cancellationRequested || status === 'cancelled') return badge;
  return (
    <Group gap={4} wrap="nowrap">
      {badge}
      <Badge size={size} color="yellow" variant="light">
        {t('status.cancellationRequested')}
      </Badge>
    </Group>
  );
}

import type { T1CustomsStatus } from '@despacho/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<T1CustomsStatus, string> = {
  pending: 'gray',
  in_clearance: 'blue',
  released: 'teal',
  held: 'orange',
  duties_due: 'red',
};

/** Where a T1 shipment stands with customs. */
export function CustomsStatusBadge({
  status,
  size = 'md',
}: {
  status: T1CustomsStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('international');
  return (
    <Badge size={size} color={COLORS[status]} variant="light">
      {t(`customsStatuses.${status}`)}
    </Badge>
  );
}

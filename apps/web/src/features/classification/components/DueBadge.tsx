import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How far a product is from its due date, in Mexico City business days: late ones in red. */
export function DueBadge({ daysLeft, late }: { daysLeft: number; late: boolean }) {
  const { t } = useTranslation('classification');
  if (late) {
    return (
      <Badge color="red" variant="light">
        {t('staff.late', { count: Math.abs(daysLeft) })}
      </Badge>
    );
  }
  return (
    <Badge color={daysLeft <= 1 ? 'yellow' : 'gray'} variant="light">
      {daysLeft === 0 ? t('staff.dueToday') : t('staff.daysLeft', { count: daysLeft })}
    </Badge>
  );
}

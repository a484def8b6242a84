import type { ClassificationStatus } from '@despacho/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ClassificationStatus, string> = {
  UNCLASSIFIED: 'gray',
  PROCESS_CLASSIFICATION: 'blue',
  IN_CLASSIFICATION: 'indigo',
  IN_REVIEW: 'yellow',
  CLASSIFIED: 'green',
  REJECT: 'red',
  NOT_CLASSIFIABLE: 'orange',
};

/** A product's tariff status (spec §4), in the screen's language. */
export function ClassificationStatusBadge({ status }: { status: ClassificationStatus }) {
  const { t } = useTranslation('classification');
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

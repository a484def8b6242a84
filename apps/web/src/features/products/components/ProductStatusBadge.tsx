import type { ProductStatus } from '@despacho/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ProductStatus, string> = { ACTIVE: 'teal', DRAFT: 'yellow', ARCHIVED: 'gray' };

/** "Publicado", "Borrador (incompleto)" or "Archivado". */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('products');
  return (
    <Badge size="sm" variant="light" color={COLORS[status]}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page controls under a list; nothing while everything fits on one page. */
export function ListPagination({
  total,
  pageSize,
  page,
  onChange,
  label,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation('common');
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="sm"
        aria-label={label}
        // The arrow buttons show only an icon: screen readers need their names.
        getControlProps={(control) =>
          control === 'previous' || control === 'next'
            ? { 'aria-label': t(`pagination.${control}`) }
            : {}
        }
      />
    </Group>
  );
}

import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';

/**
 * Page controls under a list; nothing while everything fits on one page. A `capped` list stopped
 * counting at `total` (`PageMeta`): it says "more than" that, and its pages go on as one moves on.
 */
export function ListPagination({
  total,
  capped = false,
  pageSize,
  page,
  onChange,
  label,
}: {
  total: number;
  capped?: boolean | undefined;
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
      {capped && (
        <Text fz="sm" c="dimmed">
          {t('pagination.moreThan', {
            total: new Intl.NumberFormat(currentLanguage() === 'en' ? 'en-US' : 'es-MX').format(
              total,
            ),
          })}
        </Text>
      )}
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

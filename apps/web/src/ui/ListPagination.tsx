import { Group, Pagination } from '@mantine/core';

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
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination total={pages} value={page} onChange={onChange} size="sm" aria-label={label} />
    </Group>
  );
}

import type { PageMeta } from '@despacho/domain';
import { Alert, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageOf } from '../lib/server-errors';
import { ListPagination } from './ListPagination';

/**
 * The body of a list page over one page of a server list: a skeleton while it loads, the error,
 * `empty` when the page has no rows (a string is shown as the dimmed line under the filters),
 * else `children` with the rows; then the page controls whenever there is data.
 */
export function PagedList<T>({
  query,
  empty,
  page,
  onPageChange,
  pagesLabel,
  loadingHeight = 240,
  children,
}: {
  query: UseQueryResult<{ data: T[]; meta: PageMeta }>;
  empty: ReactNode;
  page: number;
  onPageChange: (page: number) => void;
  pagesLabel: string;
  loadingHeight?: number;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      {query.isPending ? (
        <Skeleton h={loadingHeight} />
      ) : query.isError ? (
        <Alert color="red">{messageOf(query.error)}</Alert>
      ) : query.data.data.length === 0 ? (
        typeof empty === 'string' ? (
          <Text c="dimmed" ta="center" py="xl">
            {empty}
          </Text>
        ) : (
          empty
        )
      ) : (
        children(query.data.data)
      )}
      {query.data && (
        <ListPagination
          total={query.data.meta.total}
          capped={query.data.meta.capped}
          pageSize={query.data.meta.pageSize}
          page={page}
          onChange={onPageChange}
          label={pagesLabel}
        />
      )}
    </>
  );
}

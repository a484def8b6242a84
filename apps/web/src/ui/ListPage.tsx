import type { PageMeta } from '@despacho/domain';
import { Group, Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { useListParams } from '../lib/useListParams';
import { ListSearchInput } from './ListSearchInput';
import { PageHeader, type Crumb } from './PageHeader';
import { PagedList } from './PagedList';

/**
 * A list screen over a server list (`useListParams` keeps search, filters and page in the URL):
 * the header with its create action, the search box and any other filters, the rows (`children`)
 * or `empty`, and the page controls. `below` stands under the list (e.g. pending invitations).
 */
export function ListPage<T>({
  title,
  breadcrumbs,
  action,
  subtitle,
  list,
  search,
  filters,
  query,
  empty,
  pagesLabel,
  loadingHeight,
  below,
  children,
}: {
  title: string;
  breadcrumbs: Crumb[];
  action?: ReactNode;
  subtitle?: ReactNode;
  list: ReturnType<typeof useListParams>;
  search: { label: string; placeholder: string };
  filters?: ReactNode;
  query: UseQueryResult<{ data: T[]; meta: PageMeta }>;
  empty: ReactNode;
  pagesLabel: string;
  loadingHeight?: number;
  below?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  const searchBox = (
    <ListSearchInput
      search={list.search}
      setSearch={list.setSearch}
      setParam={list.setParam}
      label={search.label}
      placeholder={search.placeholder}
      flex="1 1 260px"
    />
  );
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} action={action} subtitle={subtitle} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Group align="flex-end" mb="md" wrap="wrap">
            {searchBox}
            {filters}
          </Group>
          <PagedList
            query={query}
            empty={empty}
            loadingHeight={loadingHeight}
            page={list.page}
            onPageChange={(next) => list.setParam('page', String(next))}
            pagesLabel={pagesLabel}
          >
            {children}
          </PagedList>
        </Paper>
        {below}
      </Stack>
    </>
  );
}

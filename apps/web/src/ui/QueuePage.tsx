import type { PageMeta } from '@despacho/domain';
import { Paper, SegmentedControl, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { PagedList } from './PagedList';

/**
 * A staff queue: the status filter over one page of a server list, oldest first, its rows
 * (`children`, usually a `DataTable` whose rows open the detail) or `empty`, then the page
 * controls. Status and page live in the URL (`useListParams`); `above` stands over the queue
 * (e.g. the statement import).
 */
export function QueuePage<T, S extends string>({
  title,
  subtitle,
  filter,
  query,
  empty,
  page,
  onPageChange,
  pagesLabel,
  above,
  children,
}: {
  title: string;
  subtitle: string;
  filter: {
    label: string;
    value: S;
    options: { value: S; label: string }[];
    onChange: (v: S) => void;
  };
  query: UseQueryResult<{ data: T[]; meta: PageMeta }>;
  empty: string;
  page: number;
  onPageChange: (page: number) => void;
  pagesLabel: string;
  above?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Stack gap="lg">
        {above}
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <SegmentedControl
              aria-label={filter.label}
              value={filter.value}
              onChange={(value) => filter.onChange(value as S)}
              data={filter.options}
              w="fit-content"
              maw="100%"
            />
            <PagedList
              query={query}
              empty={empty}
              loadingHeight={160}
              page={page}
              onPageChange={onPageChange}
              pagesLabel={pagesLabel}
            >
              {children}
            </PagedList>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}

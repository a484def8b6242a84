import type { PageMeta } from '@despacho/domain';
import { Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { useQueueParams } from '../lib/useQueueParams';
import { PageHeader } from './PageHeader';
import { PagedList } from './PagedList';
import { SegmentedFilter } from './SegmentedFilter';

/**
 * A staff queue: the status filter over one page of a server list, oldest first, its rows
 * (`children`, usually a `DataTable` whose rows open the detail) or `empty`, then the page
 * controls. Status and page live in the URL (`useQueueParams`); `above` stands over the queue
 * (e.g. the statement import).
 */
export function QueuePage<T, S extends string>({
  title,
  subtitle,
  queue,
  filterLabel,
  statusLabel,
  query,
  empty,
  pagesLabel,
  above,
  children,
}: {
  title: string;
  subtitle: string;
  queue: ReturnType<typeof useQueueParams<S>>;
  filterLabel: string;
  statusLabel: (status: S) => string;
  query: UseQueryResult<{ data: T[]; meta: PageMeta }>;
  empty: string;
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
            <SegmentedFilter
              aria-label={filterLabel}
              value={queue.status}
              onChange={(value) => queue.show({ status: value as S })}
              data={queue.statuses.map((value) => ({ value, label: statusLabel(value) }))}
            />
            <PagedList
              query={query}
              empty={empty}
              loadingHeight={160}
              page={queue.page}
              onPageChange={(page) => queue.show({ page })}
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

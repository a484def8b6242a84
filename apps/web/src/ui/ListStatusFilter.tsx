import { NativeSelect } from '@mantine/core';
import type { useListParams } from '../lib/useListParams';

/** A list page's status filter, kept in the URL as `?status=`: every status, or one of them. */
export function ListStatusFilter<S extends string>({
  list,
  statuses,
  label,
  allLabel,
  statusLabel,
  w,
}: {
  list: ReturnType<typeof useListParams>;
  statuses: readonly S[];
  label: string;
  allLabel: string;
  statusLabel: (status: S) => string;
  w: number;
}) {
  return (
    <NativeSelect
      label={label}
      value={list.choice('status', statuses) ?? ''}
      onChange={(event) => list.setParam('status', event.currentTarget.value || undefined)}
      data={[
        { value: '', label: allLabel },
        ...statuses.map((value) => ({ value, label: statusLabel(value) })),
      ]}
      w={w}
    />
  );
}

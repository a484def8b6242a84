import { Table, VisuallyHidden, type TableTdProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface Column<T> {
  key: string;
  header: string;
  /** Read by screen readers only (a star or the actions column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  width?: number;
  align?: TableTdProps['ta'];
}

/** A click on a control inside a row is the control's, not the row's. */
const onControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, label, [role="switch"]') !== null;

/**
 * The table of a list or queue page: one column per entry, scrolling sideways below
 * `minWidth`; with `rowTo`, a click anywhere on a row opens that record.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
  minWidth,
  rowTo,
}: {
  rows: readonly T[];
  columns: readonly (Column<T> | false)[];
  rowKey: (row: T) => string;
  label?: string;
  minWidth: number;
  rowTo?: (row: T) => string;
}) {
  const navigate = useNavigate();
  const shown = columns.filter((column): column is Column<T> => column !== false);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.key} w={column.width} ta={column.align}>
                {column.hideHeader ? (
                  <VisuallyHidden>{column.header}</VisuallyHidden>
                ) : (
                  column.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              style={rowTo ? { cursor: 'pointer' } : undefined}
              onClick={
                rowTo
                  ? (event) => {
                      if (!onControl(event)) void navigate(rowTo(row));
                    }
                  : undefined
              }
            >
              {shown.map((column) => (
                <Table.Td key={column.key} ta={column.align}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

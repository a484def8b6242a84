import {
  Group,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  useMantineTheme,
  type MantineBreakpoint,
  type TableTdProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  /** In the cards of a narrow screen: the card's title (its other columns go below, labelled). */
  cardTitle?: boolean;
}

/** A click on a control inside a row is the control's, not the row's. */
const onControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, label, [role="switch"]') !== null;

/**
 * The table of a list or queue page: one column per entry, scrolling sideways below
 * `minWidth`; with `rowTo`, a click anywhere on a row opens that record. With `cardsBelow`, a
 * screen narrower than that breakpoint shows each row as a card instead (a 390 px phone would
 * otherwise scroll the status and stock out of sight): the `cardTitle` columns and those without
 * a visible header on top, every other column below with its header as label.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
  minWidth,
  rowTo,
  cardsBelow,
}: {
  rows: readonly T[];
  columns: readonly (Column<T> | false)[];
  rowKey: (row: T) => string;
  label?: string;
  minWidth: number;
  rowTo?: (row: T) => string;
  cardsBelow?: MantineBreakpoint;
}) {
  const navigate = useNavigate();
  const theme = useMantineTheme();
  // Asked whatever `cardsBelow` (a hook is never skipped); without it, no width matches.
  const narrow = useMediaQuery(
    `(max-width: ${cardsBelow ? theme.breakpoints[cardsBelow] : '0px'})`,
  );
  const shown = columns.filter((column): column is Column<T> => column !== false);
  const open = (row: T) =>
    rowTo
      ? (event: MouseEvent) => {
          if (!onControl(event)) void navigate(rowTo(row));
        }
      : undefined;
  if (cardsBelow && narrow) {
    const top = shown.filter((column) => column.cardTitle || column.hideHeader);
    const details = shown.filter((column) => !column.cardTitle && !column.hideHeader);
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {rows.map((row) => (
          <Paper
            key={rowKey(row)}
            withBorder
            radius="md"
            p="sm"
            role="listitem"
            style={rowTo ? { cursor: 'pointer' } : undefined}
            onClick={open(row)}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start" mb="xs">
              {top.map((column) => (
                <div key={column.key}>{column.cell(row)}</div>
              ))}
            </Group>
            {/* Each value as wide as it is (a status badge is wider than a count), wrapping. */}
            <Group gap="lg" align="flex-start" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
              {details.map((column) => (
                <Stack key={column.key} gap={0}>
                  <Text fz="xs" c="dimmed">
                    {column.header}
                  </Text>
                  <Text span fz="sm">
                    {column.cell(row)}
                  </Text>
                </Stack>
              ))}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
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
              onClick={open(row)}
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

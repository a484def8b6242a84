import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** What a screen reader gets instead of the drawing: the chart's values as a table. */
export type ChartTable = { head: string[]; rows: (string | number)[][] };

/**
 * A chart with its title, or the words saying it has nothing to show; the same values in a
 * visually hidden table for those who cannot see the drawing.
 */
export function ChartCard({
  title,
  empty,
  emptyText,
  table,
  children,
}: {
  title: string;
  empty: boolean;
  emptyText: string;
  table: ChartTable;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="md" id={titleId} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" fz="sm">
          {emptyText}
        </Text>
      ) : (
        <>
          <div aria-hidden>{children}</div>
          <VisuallyHidden>
            {/* As wide as its 1 px box: its cells, too, stay out of sight and of the layout. */}
            <Table layout="fixed" w="100%">
              <caption>{title}</caption>
              <Table.Thead>
                <Table.Tr>
                  {table.head.map((cell) => (
                    <Table.Th key={cell} scope="col">
                      {cell}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((row) => (
                  <Table.Tr key={String(row[0])}>
                    {row.map((cell, index) => (
                      <Table.Td key={table.head[index]}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}

import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the shipment's page, named by its title for screen readers. */
export function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

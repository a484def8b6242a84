import { Group, Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One part of an embarque's page: a titled region (found by its name), an action at the right. */
export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What an unfiltered list shows before its first record: what goes here and how to add one. */
export function EmptyListState({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: { label: string; to: string; icon: ReactNode };
}) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" ta="center" maw={460}>
        {text}
      </Text>
      <Button component={Link} to={action.to} variant="light" leftSection={action.icon}>
        {action.label}
      </Button>
    </Stack>
  );
}

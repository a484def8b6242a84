import { Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './Logo';

/** A whole-window message with one way out: not-found and unexpected errors. */
export function CenteredMessage({
  code,
  title,
  text,
  action,
}: {
  code?: string;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Logo size={32} />
        {code && (
          <Text fz={96} fw={800} lh={1} c="petrol.2" aria-hidden="true">
            {code}
          </Text>
        )}
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Center>
  );
}

import { Group, Text, type MantineBreakpoint } from '@mantine/core';

/** The Despacho mark (same as the favicon) and name; `nameFrom`: the name only from there up. */
export function Logo({
  size = 28,
  inverted = false,
  nameFrom,
}: {
  size?: number;
  inverted?: boolean;
  nameFrom?: MantineBreakpoint;
}) {
  const background = inverted
    ? 'var(--mantine-color-white)'
    : 'var(--mantine-primary-color-filled)';
  const stroke = inverted ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-white)';
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={background} />
        <path d="M9 9h8a7 7 0 0 1 0 14H9z" fill="none" stroke={stroke} strokeWidth="3" />
      </svg>
      <Text
        fw={800}
        fz={size * 0.7}
        c={inverted ? 'white' : 'var(--mantine-color-text)'}
        lh={1}
        visibleFrom={nameFrom}
      >
        Despacho
      </Text>
    </Group>
  );
}

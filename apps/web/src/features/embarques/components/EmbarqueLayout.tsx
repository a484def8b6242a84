import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An embarque's page on both sides: facts and goods across the top, then the operation at the
 * left and the money at the right (one column below the desktop width).
 */
export function EmbarqueLayout({
  top,
  main,
  side,
  bottom,
}: {
  top: ReactNode;
  main: ReactNode;
  side: ReactNode;
  bottom: ReactNode;
}) {
  return (
    <Stack gap="lg">
      {top}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">{main}</Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">{side}</Stack>
        </Grid.Col>
      </Grid>
      {bottom}
    </Stack>
  );
}

import { Text, type MantineFontWeight } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value on a detail screen (a guide, a customer, a ticket…): small caps label above. */
export function Fact({
  label,
  children,
  fw,
}: {
  label: string;
  children: ReactNode;
  fw?: MantineFontWeight | number;
}) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" fw={fw} component="div">
        {children}
      </Text>
    </div>
  );
}

import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/**
 * An amount in pesos as typed ("1500.50"): a "$" before it and the decimal keypad on a phone.
 * The shared schema of each form reads the text (to centavos) and says what is wrong with it.
 */
export function PesosInput(props: ComponentProps<typeof TextInput>) {
  return <TextInput leftSection="$" inputMode="decimal" {...props} />;
}

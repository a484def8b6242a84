import { centavosToPesos, pesosToCentavos } from '@despacho/domain';
import { NumberInput } from '@mantine/core';
import { get, useController, useFormContext } from 'react-hook-form';

/**
 * An amount typed in pesos (or the currency's units) and kept in the form as integer minor units,
 * the way the contract takes money (`amount_centavos`, `value_cents`).
 */
export function MoneyField({ name, label }: { name: string; label: string }) {
  const { control, formState } = useFormContext();
  const { field } = useController({ control, name });
  const value = typeof field.value === 'number' ? centavosToPesos(field.value) : '';
  return (
    <NumberInput
      label={label}
      withAsterisk
      prefix="$"
      decimalScale={2}
      thousandSeparator=","
      min={0}
      ref={field.ref}
      value={value}
      onBlur={field.onBlur}
      onChange={(typed) => field.onChange(pesosToCentavos(String(typed)) ?? undefined)}
      error={(get(formState.errors, name) as { message?: string } | undefined)?.message}
    />
  );
}

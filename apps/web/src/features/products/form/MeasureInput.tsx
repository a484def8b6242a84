import { NumberInput } from '@mantine/core';
import { Controller, type FieldPath } from 'react-hook-form';
import type { ProductFormValues } from './product-form';

/** A weight (3 decimals) or a dimension (2) of the product or a variant; blank is none. */
export function MeasureInput({
  name,
  label,
  hideLabel,
  weight,
  size,
}: {
  name: FieldPath<ProductFormValues>;
  label: string;
  hideLabel?: boolean;
  weight: boolean;
  size?: 'xs' | 'sm';
}) {
  return (
    <Controller<ProductFormValues>
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={hideLabel ? undefined : label}
          aria-label={hideLabel ? label : undefined}
          size={size}
          decimalScale={weight ? 3 : 2}
          min={0}
          hideControls
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

import { useFormContext, type FieldPath } from 'react-hook-form';
import { errorAt } from './field-error';
import type { ProductFormValues } from './product-form';
import { PesosInput } from '../../../ui/PesosInput';

/** An amount in pesos as typed ("249.90"); the shared schema reads it as centavos. */
export function PriceInput({
  name,
  label,
  hideLabel,
  size,
}: {
  name: FieldPath<ProductFormValues>;
  label: string;
  hideLabel?: boolean;
  size?: 'xs' | 'sm';
}) {
  const form = useFormContext<ProductFormValues>();
  return (
    <PesosInput
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      size={size}
      error={errorAt(form.formState.errors, name)}
      {...form.register(name)}
    />
  );
}

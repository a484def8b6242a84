import { useWatch } from 'react-hook-form';
import { LengthCount } from '../../../../ui/LengthCount';

/** The counter of the field at `name`; it watches only that field, so the step is not rendered on each key. */
function FieldCount({ name, max }: { name: string; max: number }) {
  const value = useWatch({ name }) as string | null | undefined;
  return <LengthCount value={value ?? undefined} max={max} />;
}

/**
 * "12 de 35 caracteres" under the wizard's field at `name` as the merchant types, for a field's
 * description; nothing when its schema sets no limit.
 */
export const lengthCountOf = (name: string, max: number | undefined) =>
  max === undefined ? undefined : <FieldCount name={name} max={max} />;

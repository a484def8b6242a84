import { get, type FieldErrors } from 'react-hook-form';

/** The message of the field at `path` ("variants.2.sku"), if it has one. */
export const errorAt = (errors: FieldErrors, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

import type { z } from '@despacho/domain';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldValues, Resolver } from 'react-hook-form';
import { schemaErrors } from './schema-errors';

/** react-hook-form resolver for the domain's zod schemas, the same ones the API validates with. */
export function domainResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const checked = await schemaErrors(schema, values);
    if ('values' in checked) return { values: checked.values, errors: {} };
    return { values: {}, errors: toNestErrors(checked.errors, options) };
  };
}

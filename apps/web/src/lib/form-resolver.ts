import { issuePath, localizeIssue, type z } from '@despacho/domain';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { currentLanguage } from './i18n';

/**
 * react-hook-form resolver for the domain's zod schemas, the same ones the API validates with.
 * Messages come from `localizeIssue`, so a form and the server word every rule alike.
 */
export function domainResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const language = currentLanguage();
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      errors[issuePath(issue.path)] ??= {
        type: issue.code,
        message: localizeIssue(issue, language),
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

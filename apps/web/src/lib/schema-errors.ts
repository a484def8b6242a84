import { issuePath, localizeIssue, type z } from '@despacho/domain';
import { currentLanguage } from './i18n';

/** A field's error: the rule that failed and its message in the language on screen. */
export interface SchemaFieldError {
  type: string;
  message: string;
}

export type SchemaCheck<S extends z.ZodType> =
  { values: z.output<S> } | { errors: Record<string, SchemaFieldError> };

/**
 * Validates with a domain schema, the one the API validates with: the parsed values, or the
 * first error of each field (by its dotted path). Messages come from `localizeIssue`, so a form
 * and the server word every rule alike.
 */
export async function schemaErrors<S extends z.ZodType>(
  schema: S,
  values: unknown,
): Promise<SchemaCheck<S>> {
  const result = await schema.safeParseAsync(values);
  if (result.success) return { values: result.data };
  const language = currentLanguage();
  const errors: Record<string, SchemaFieldError> = {};
  for (const issue of result.error.issues) {
    errors[issuePath(issue.path)] ??= { type: issue.code, message: localizeIssue(issue, language) };
  }
  return { errors };
}

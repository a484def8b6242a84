import { z } from './validation';

/** Field rules of spec §5 that many forms share. Each carries its message key. */

export const requiredText = (max = 50) => z.string().trim().min(1, { error: 'required' }).max(max);

/** Optional text: blank (or absent) reads as undefined, so "" never reaches the database. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const emailField = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(254)
  .pipe(z.email({ error: 'email' }))
  .transform((email) => email.toLowerCase());

// At least 6 characters with a digit, an upper-case letter, a lower-case letter and a symbol.
export const PASSWORD_PATTERN =
  /^(?=.*\d)(?=.*[a-záéíóúñ])(?=.*[A-ZÁÉÍÓÚÑ])(?=.*[^\p{L}\p{N}\s]).{6,128}$/u;

export const passwordField = z
  .string()
  .min(1, { error: 'required' })
  .regex(PASSWORD_PATTERN, { error: 'password_rules' });

export const phoneField = z
  .string()
  .trim()
  .regex(/^\d{10}$/, { error: 'phone' });

export const phoneCountryCodeField = z
  .string()
  .trim()
  .regex(/^\+\d{1,3}$/, { error: 'phone_country_code' });

export const companyField = z.string().trim().min(5, { error: 'company' }).max(100);

/** A company that may be left blank; when given it follows the ≥ 5 characters rule. */
export const optionalCompanyField = optionalText(100).pipe(companyField.optional());

/** An email that may be left blank. */
export const optionalEmailField = optionalText(254).pipe(emailField.optional());

export const postalCodeField = z.string().trim().min(5, { error: 'postal_code' }).max(10);

export const urlField = z.url({ error: 'url' });

/** Adds the "confirmation must match" rule to a schema with `password` and `password_confirmation`. */
export function withPasswordConfirmation<
  T extends z.ZodType<{ password: string; password_confirmation: string }>,
>(schema: T) {
  return schema.refine((value) => value.password === value.password_confirmation, {
    error: 'password_mismatch',
    path: ['password_confirmation'],
  });
}

/**
 * Spec §5: a product already registered cannot be added again. A `superRefine` of the lines of
 * an entry, an exit or an adjustment: each repeated variant is marked on its own line.
 */
export function noDuplicateVariants(lines: { variant_id: string }[], context: z.RefinementCtx) {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.variant_id)) {
      context.addIssue({ code: 'custom', message: 'no_duplicates', path: [index, 'variant_id'] });
    }
    seen.add(line.variant_id);
  });
}

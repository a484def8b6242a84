import { normalizeRfc, rfcProblem } from '../accounts/tax';
import { z } from '../validation';

// ---------------------------------------------------------------------------------------------
// CURP (Clave Única de Registro de Población)
// ---------------------------------------------------------------------------------------------

/** Birth-state codes RENAPO uses in positions 12–13; NE is "born abroad". */
const CURP_STATES =
  'AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE';

// Initials, birth date YYMMDD, sex (H, M, or X since 2024), state, 3 inner consonants,
// the homonym differentiator (digit before 2000, letter after) and the check digit.
const CURP_PATTERN = new RegExp(
  `^[A-Z][AEIOUX][A-Z]{2}\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])[HMX](${CURP_STATES})[B-DF-HJ-NP-TV-Z]{3}[A-Z\\d]\\d$`,
);

/** Values RENAPO gives each character to compute the check digit. */
const CURP_DICTIONARY = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/**
 * RENAPO's check digit of a CURP from its first 17 characters: each weighs 18 down to 2, and
 * the digit is 10 minus the sum modulo 10 (10 reads 0).
 */
export function curpCheckDigit(curp: string): string {
  const sum = [...curp]
    .slice(0, 17)
    .reduce((total, char, index) => total + CURP_DICTIONARY.indexOf(char) * (18 - index), 0);
  return String((10 - (sum % 10)) % 10);
}

export type CurpProblem = 'format' | 'check_digit';

/** What is wrong with a CURP (upper case), or null when it is well formed. */
export function curpProblem(curp: string): CurpProblem | null {
  if (!CURP_PATTERN.test(curp)) return 'format';
  return curpCheckDigit(curp) === curp.at(-1) ? null : 'check_digit';
}

// ---------------------------------------------------------------------------------------------
// A customer's tax ID: an RFC, or a CURP for people without one
// ---------------------------------------------------------------------------------------------

/** The message key for a tax ID (normalized), or null when it is a valid RFC or CURP. */
export function taxIdProblem(value: string) {
  const length = [...value].length;
  if (length === 18) {
    const problem = curpProblem(value);
    return problem === 'check_digit' ? 'curp_check_digit' : problem && 'curp';
  }
  if (length === 12 || length === 13) {
    const problem = rfcProblem(value);
    return problem === 'check_digit' ? 'rfc_check_digit' : problem && 'rfc';
  }
  return 'tax_id';
}

/** Optional RFC or CURP, stored upper case without spaces or dashes. */
export const taxIdField = z
  .string()
  .optional()
  .transform((value) => (value ? normalizeRfc(value) : undefined))
  .superRefine((value, context) => {
    const problem = value === undefined ? null : taxIdProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The parts of the domain's PASSWORD_PATTERN, one line each, so the user sees what is missing. */
export const PASSWORD_RULES = [
  ['length', (value: string) => value.length >= 6],
  ['digit', (value: string) => /\d/.test(value)],
  ['upper', (value: string) => /[A-ZÁÉÍÓÚÑ]/.test(value)],
  ['lower', (value: string) => /[a-záéíóúñ]/.test(value)],
  ['symbol', (value: string) => /[^\p{L}\p{N}\s]/u.test(value)],
] as const;

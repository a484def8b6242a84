/**
 * A tariff code, or one of its levels, as TIGIE prints it: chapter `61`, heading `6109`,
 * subheading `6109.10`, fracción `6109.10.01`, fracción + NICO `6109.10.01.00`.
 */
export function formatCode(code: string): string {
  const digits = code.replace(/\D/g, '');
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), digits.slice(8)]
    .filter(Boolean)
    .join('.');
}

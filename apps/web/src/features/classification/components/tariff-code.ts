/** A 10-digit tariff code as TIGIE prints it: fracción `6109.10.01`, NICO `00`. */
export function formatCode(code: string): string {
  const digits = code.replace(/\D/g, '');
  const fraction = `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6, 8)}`;
  return digits.length > 8 ? `${fraction}.${digits.slice(8)}` : fraction;
}

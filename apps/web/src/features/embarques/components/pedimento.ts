/**
 * A pedimento's 15 digits as customs print them: year (2), aduana (2), patente (4) and
 * consecutive (7), two spaces apart — `26  47  3012  6001234`. Anything else is shown as given.
 */
export function formatPedimento(number: string): string {
  const match = /^(\d{2})(\d{2})(\d{4})(\d{7})$/.exec(number.replace(/\s+/g, ''));
  return match ? match.slice(1).join('  ') : number;
}

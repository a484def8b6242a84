/** Money is integer centavos; only formatting turns it into text. VAT in Mexico is 16%. */
export const VAT_RATE_PERCENT = 16;

export function formatMoney(centavos: number, currency = 'MXN', locale = 'es-MX'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(centavos / 100);
}

/** Adds VAT to an amount in centavos, rounding half up to the centavo. */
export function withVat(centavos: number): number {
  return Math.round((centavos * (100 + VAT_RATE_PERCENT)) / 100);
}

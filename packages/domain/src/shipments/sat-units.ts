/**
 * SAT unit keys (c_ClaveUnidad) every product of a Carta Porte waybill carries. The forms offer
 * the common ones below; the API also checks a key against the full catalogue once imported
 * (`npm run catalogs:import -- --sat-units`). Names as SAT publishes them.
 */
export const SAT_COMMON_UNITS = [
  { code: 'H87', name: 'Pieza' },
  { code: 'E48', name: 'Unidad de servicio' },
  { code: 'XBX', name: 'Caja' },
  { code: 'XPK', name: 'Paquete' },
  { code: 'KGM', name: 'Kilogramo' },
  { code: 'GRM', name: 'Gramo' },
  { code: 'LTR', name: 'Litro' },
  { code: 'MTR', name: 'Metro' },
  { code: 'SET', name: 'Conjunto' },
  { code: 'PR', name: 'Par' },
  { code: 'XUN', name: 'Unidad' },
] as const;

/**
 * The shape of a c_ClaveUnidad key: 2 or 3 letters or digits. SAT publishes a few in mixed
 * case (`Ohm`, `X1w`), so case is kept as typed.
 */
export function isSatUnitCode(code: string): boolean {
  return /^[A-Za-z0-9]{2,3}$/.test(code);
}

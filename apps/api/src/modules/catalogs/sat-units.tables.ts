import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * SAT's unit catalogue (c_ClaveUnidad), the unit key every product of a Carta Porte waybill
 * carries. Loaded by `npm run catalogs:import -- --sat-units <c_ClaveUnidad.csv>`; until then the
 * built-in list of common units (domain `SAT_COMMON_UNITS`) is what the forms offer and accept.
 */
export const satUnitCodes = pgTable('sat_unit_codes', {
  code: text().primaryKey(),
  name: text().notNull(),
  /** Lower case, without accents: what the search reads. */
  searchText: text().notNull(),
});

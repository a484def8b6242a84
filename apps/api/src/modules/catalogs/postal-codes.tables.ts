import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The SEPOMEX national postal-code catalogue: one row per settlement (asentamiento), global to
 * every organization. Loaded and refreshed by `npm run catalogs:import -- --postal-codes <file>`.
 * The primary key starts with the zip, so it is also the index that lookups by zip use.
 */
export const postalCodeSettlements = pgTable(
  'postal_code_settlements',
  {
    /** `d_codigo`: 5 digits, leading zero kept. */
    zip: text().notNull(),
    /** `id_asenta_cpcons`: the settlement's number, unique within its zip. */
    settlementId: text().notNull(),
    /** `d_asenta` */
    name: text().notNull(),
    /** `d_tipo_asenta`: Colonia, Fraccionamiento, Pueblo… */
    settlementType: text().notNull(),
    /** `D_mnpio` / `c_mnpio` */
    municipality: text().notNull(),
    municipalityCode: text().notNull(),
    /** `d_estado` / `c_estado` (INEGI code, 01–32) */
    state: text().notNull(),
    stateCode: text().notNull(),
    /** `d_ciudad`: empty for most rural settlements. */
    city: text().notNull(),
    /** `d_zona`: Urbano, Rural or Semiurbano. */
    zone: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.zip, table.settlementId] })],
);

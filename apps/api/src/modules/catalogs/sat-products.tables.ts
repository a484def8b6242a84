import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The SAT Carta Porte product catalogue c_ClaveProdServCP, global to every organization. Loaded
 * and refreshed by `npm run catalogs:import -- --sat-products <file>`; while it is empty, package
 * codes are checked by their 4-digit family only.
 */
export const satProductCodes = pgTable(
  'sat_product_codes',
  {
    /** `c_ClaveProdServCP`: 8 digits, leading zero kept. The primary key also answers prefixes. */
    code: text().primaryKey(),
    /** `descripcion`, as published. */
    description: text().notNull(),
    /** `palabras_similares`: other names for it, as published; empty when there are none. */
    similarWords: text().notNull(),
    /**
     * The description's words without accents, in lower case, one space apart (`searchWords` in
     * the importer): what a word search matches, and ranks first.
     */
    searchDescription: text().notNull(),
    /** The similar words, normalized the same way. */
    searchSimilarWords: text().notNull(),
  },
  (table) => [
    // Word-prefix search over both (`to_tsquery('simple', 'caja:* & carton:*')`); the search
    // query repeats this exact expression so the planner uses the index.
    index('sat_product_codes_words').using(
      'gin',
      sql`to_tsvector('simple', ${table.searchDescription} || ' ' || ${table.searchSimilarWords})`,
    ),
  ],
);

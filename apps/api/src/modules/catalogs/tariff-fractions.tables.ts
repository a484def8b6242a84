import { sql } from 'drizzle-orm';
import { customType, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * SAT's tariff fraction catalogue (c_FraccionArancelaria), global to every organization: each
 * fracción arancelaria (8 digits) with each of its NICOs (2 digits), stored apart so a product
 * may hold the fracción alone while it is being classified. Loaded and refreshed by
 * `npm run catalogs:import -- --tariff-fractions <file>`; while it is empty, codes are checked by
 * their shape only.
 */
export const tariffFractions = pgTable(
  'tariff_fractions',
  {
    /** The first 8 digits of `c_FraccionArancelaria`: the fracción, leading zero kept. */
    fraction: text().notNull(),
    /** The last 2 digits: the NICO. */
    nico: text().notNull(),
    /** `descripcion`, as published. */
    description: text().notNull(),
    /** `vigencia_desde`: YYYY-MM-DD. */
    validFrom: text().notNull(),
    /** `vigencia_hasta`: YYYY-MM-DD, empty while it has no end. */
    validTo: text().notNull(),
    /** `umt`: the code of the unidad de medida de la tarifa ("01"). */
    umt: text().notNull(),
    /** `umt_descripcion`, as published ("KILO"). */
    umtDescription: text().notNull(),
    /** The description's words without accents, in lower case (`searchWords`). */
    searchDescription: text().notNull(),
    /** Its Spanish stems, stored: the classification console ranks by them without recomputing. */
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('spanish', search_description)`),
  },
  (table) => [
    // The key also answers a fracción's NICOs and code prefixes (a range over `fraction`).
    primaryKey({ columns: [table.fraction, table.nico] }),
    // Word-prefix search; the search query repeats this exact expression.
    index('tariff_fractions_words').using(
      'gin',
      sql`to_tsvector('simple', ${table.searchDescription})`,
    ),
    // The classification console's candidates: Spanish stems (plurals, verb forms) and trigram
    // similarity for misspellings.
    index('tariff_fractions_spanish').using('gin', table.searchVector),
    index('tariff_fractions_trgm').using('gin', sql`${table.searchDescription} gin_trgm_ops`),
  ],
);

/**
 * Every distinct word of the catalogue's descriptions (`searchWords`), replaced with it: the
 * console's word search corrects a misspelt word to the nearest of these by trigram similarity
 * before it ranks. Word against word, as pg_trgm's documentation suggests, since one dropped
 * letter weighs too much against a whole description («calzdo» scores 0.5 against «calzado»,
 * under 0.6 against any description).
 */
export const tariffFractionWords = pgTable(
  'tariff_fraction_words',
  { word: text().primaryKey() },
  (table) => [index('tariff_fraction_words_trgm').using('gist', sql`${table.word} gist_trgm_ops`)],
);

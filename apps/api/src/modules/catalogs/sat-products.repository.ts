import { SAT_PRODUCT_SEARCH_LIMIT } from '@despacho/domain';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { satProductCodes } from './sat-products.tables';

export type SatProductRow = typeof satProductCodes.$inferSelect;

const columns = {
  code: satProductCodes.code,
  description: satProductCodes.description,
  similarWords: satProductCodes.similarWords,
};
export type SatProductView = { code: string; description: string; similarWords: string };

export async function findByCode(db: DbOrTx, code: string): Promise<SatProductView | undefined> {
  const [row] = await db
    .select(columns)
    .from(satProductCodes)
    .where(eq(satProductCodes.code, code));
  return row;
}

/** Codes that start with `prefix` (digits), in code order: a range scan of the primary key. */
export async function findByCodePrefix(db: DbOrTx, prefix: string): Promise<SatProductView[]> {
  return db
    .select(columns)
    .from(satProductCodes)
    .where(
      and(
        gte(satProductCodes.code, prefix.padEnd(8, '0')),
        lte(satProductCodes.code, prefix.padEnd(8, '9')),
      ),
    )
    .orderBy(asc(satProductCodes.code))
    .limit(SAT_PRODUCT_SEARCH_LIMIT);
}

/**
 * Codes whose description or similar words hold a word starting with each of `words` (already
 * normalized by `searchWords`). Those whose description matches come first, then those whose
 * description starts with the first word, then shorter descriptions (the generic name before its
 * variants), then the code.
 */
export async function findByWords(db: DbOrTx, words: string[]): Promise<SatProductView[]> {
  const query = sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;
  // The same expression as the GIN index `sat_product_codes_words`.
  const document = sql`to_tsvector('simple', ${satProductCodes.searchDescription} || ' ' || ${satProductCodes.searchSimilarWords})`;
  return db
    .select(columns)
    .from(satProductCodes)
    .where(sql`${document} @@ ${query}`)
    .orderBy(
      desc(sql`to_tsvector('simple', ${satProductCodes.searchDescription}) @@ ${query}`),
      desc(sql`starts_with(${satProductCodes.searchDescription}, ${words[0]})`),
      asc(sql`length(${satProductCodes.description})`),
      asc(satProductCodes.code),
    )
    .limit(SAT_PRODUCT_SEARCH_LIMIT);
}

/** Whether any catalogue has been imported at all. */
export async function isLoaded(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(satProductCodes)
    .limit(1);
  return rows.length > 0;
}

/** In one query: which of `codes` the catalogue holds, and whether it is loaded. */
export async function knownCodes(
  db: DbOrTx,
  codes: string[],
): Promise<{ known: string[]; loaded: boolean }> {
  const [row] = await db
    .execute<{ known: string[]; loaded: boolean }>(
      sql`select array(select ${satProductCodes.code} from ${satProductCodes}
                       where ${satProductCodes.code} = any(${sql.param(codes)}::text[])) as known,
               exists (select 1 from ${satProductCodes}) as loaded`,
    )
    .then((result) => result.rows);
  return { known: row?.known ?? [], loaded: row?.loaded ?? false };
}

/** In one query: whether `code` is in the catalogue, and whether the catalogue is loaded. */
export async function codeStatus(
  db: DbOrTx,
  code: string,
): Promise<'known' | 'unknown' | 'not_loaded'> {
  const [row] = await db
    .execute<{ known: boolean; loaded: boolean }>(
      sql`select exists (select 1 from ${satProductCodes} where ${satProductCodes.code} = ${code}) as known,
               exists (select 1 from ${satProductCodes}) as loaded`,
    )
    .then((result) => result.rows);
  if (row?.known) return 'known';
  return row?.loaded ? 'unknown' : 'not_loaded';
}

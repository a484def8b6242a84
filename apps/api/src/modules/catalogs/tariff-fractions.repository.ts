import { TARIFF_FRACTION_SEARCH_LIMIT } from '@despacho/domain';
import { and, asc, desc, eq, gte, like, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { wordRanking } from '../../platform/word-ranking';
import { tariffFractions } from './tariff-fractions.tables';

const columns = {
  fraction: tariffFractions.fraction,
  nico: tariffFractions.nico,
  description: tariffFractions.description,
  validFrom: tariffFractions.validFrom,
  validTo: tariffFractions.validTo,
  umt: tariffFractions.umt,
  umtDescription: tariffFractions.umtDescription,
};
export type TariffFractionView = {
  fraction: string;
  nico: string;
  description: string;
  validFrom: string;
  validTo: string;
  umt: string;
  umtDescription: string;
};

const order = [asc(tariffFractions.fraction), asc(tariffFractions.nico)];

/** The codes of a fracción (every NICO), or the one code of a fracción and NICO. */
export async function findByCode(
  db: DbOrTx,
  fraction: string,
  nico: string | null,
): Promise<TariffFractionView[]> {
  return db
    .select(columns)
    .from(tariffFractions)
    .where(
      and(
        eq(tariffFractions.fraction, fraction),
        nico === null ? undefined : eq(tariffFractions.nico, nico),
      ),
    )
    .orderBy(...order);
}

/**
 * Codes whose 10 digits start with `prefix` (1 to 10 digits), in code order: a range scan of the
 * primary key over the fracción, then the NICO's start.
 */
export async function findByCodePrefix(db: DbOrTx, prefix: string): Promise<TariffFractionView[]> {
  const fraction = prefix.slice(0, 8);
  const nico = prefix.slice(8);
  return db
    .select(columns)
    .from(tariffFractions)
    .where(
      and(
        gte(tariffFractions.fraction, fraction.padEnd(8, '0')),
        lte(tariffFractions.fraction, fraction.padEnd(8, '9')),
        nico === '' ? undefined : like(tariffFractions.nico, `${nico}%`),
      ),
    )
    .orderBy(...order)
    .limit(TARIFF_FRACTION_SEARCH_LIMIT);
}

/**
 * Codes whose description holds a word starting with each of `words` (already normalized by
 * `searchWords`): descriptions that start with the first word first, then shorter ones, then the
 * code.
 */
export async function findByWords(db: DbOrTx, words: string[]): Promise<TariffFractionView[]> {
  const query = sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;
  // The same expression as the GIN index `tariff_fractions_words`.
  const document = sql`to_tsvector('simple', ${tariffFractions.searchDescription})`;
  return db
    .select(columns)
    .from(tariffFractions)
    .where(sql`${document} @@ ${query}`)
    .orderBy(
      desc(sql`starts_with(${tariffFractions.searchDescription}, ${words[0]})`),
      asc(sql`length(${tariffFractions.description})`),
      ...order,
    )
    .limit(TARIFF_FRACTION_SEARCH_LIMIT);
}

/** Whether the catalogue has been imported at all. */
export async function isLoaded(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(tariffFractions)
    .limit(1);
  return rows.length > 0;
}

/**
 * In one query: which of `codes` (8-digit fracciones or 10-digit codes) the catalogue holds in
 * force on `today` (YYYY-MM-DD; a fracción needs one NICO in force), and whether it is loaded.
 */
export async function codesInForce(
  db: DbOrTx,
  codes: string[],
  today: string,
): Promise<{ inForce: string[]; loaded: boolean }> {
  const [row] = await db
    .execute<{ in_force: string[]; loaded: boolean }>(
      sql`select array(select code from unnest(${sql.param(codes)}::text[]) as code
                        where exists (select 1 from ${tariffFractions}
                                       where ${tariffFractions.fraction} = left(code, 8)
                                         and (length(code) = 8 or ${tariffFractions.nico} = substr(code, 9, 2))
                                         and (${tariffFractions.validTo} = '' or ${tariffFractions.validTo} >= ${today}))) as in_force,
               exists (select 1 from ${tariffFractions}) as loaded`,
    )
    .then((result) => result.rows);
  return { inForce: row?.in_force ?? [], loaded: row?.loaded ?? false };
}

/** In force on `day` (YYYY-MM-DD): from, and to, inclusive; an empty end has none. */
const inForceOn = (day: string) =>
  sql`${tariffFractions.validFrom} <= ${day} and (${tariffFractions.validTo} = '' or ${tariffFractions.validTo} >= ${day})`;

/** The code (fracción + NICO) when it is in force on `day`. */
export async function findInForce(
  db: DbOrTx,
  fraction: string,
  nico: string,
  day: string,
): Promise<TariffFractionView | undefined> {
  const [row] = await db
    .select(columns)
    .from(tariffFractions)
    .where(
      and(eq(tariffFractions.fraction, fraction), eq(tariffFractions.nico, nico), inForceOn(day)),
    );
  return row;
}

export type RankedTariffFraction = TariffFractionView & {
  matchedWords: string[];
  similarity: number;
  score: number;
};

/**
 * Codes in force on `day` that `wordRanking` matches on the description, best first, then
 * shorter descriptions, then code; the expressions are those of the GIN indexes
 * `tariff_fractions_spanish` and `tariff_fractions_trgm`.
 */
export async function rankByWords(
  db: DbOrTx,
  text: string,
  words: string[],
  day: string,
  limit: number,
): Promise<RankedTariffFraction[]> {
  const ranking = wordRanking(tariffFractions.searchDescription, text, words);
  const rows = await db
    .select({
      ...columns,
      matchedWords: ranking.matched,
      similarity: ranking.similarity,
      score: ranking.score,
    })
    .from(tariffFractions)
    .where(and(ranking.matches, inForceOn(day)))
    .orderBy(desc(ranking.score), asc(sql`length(${tariffFractions.description})`), ...order)
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    similarity: Number(row.similarity),
    score: Number(row.score),
  }));
}

/** Of these 10-digit codes, those not in force on `day` (absent or expired): retired codes. */
export async function codesNotInForce(db: DbOrTx, codes: string[], day: string): Promise<string[]> {
  if (codes.length === 0) return [];
  const result = await db.execute<{ code: string }>(
    sql`select code from unnest(${sql.param(codes)}::text[]) as code
         where not exists (select 1 from ${tariffFractions}
                            where ${tariffFractions.fraction} = left(code, 8)
                              and ${tariffFractions.nico} = substr(code, 9, 2)
                              and ${inForceOn(day)})`,
  );
  return result.rows.map((row) => row.code);
}

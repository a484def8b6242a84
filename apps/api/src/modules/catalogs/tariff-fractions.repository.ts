import { TARIFF_FRACTION_SEARCH_LIMIT } from '@despacho/domain';
import { and, asc, desc, eq, gte, like, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { tariffFractionWords, tariffFractions } from './tariff-fractions.tables';

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

/** The catalogue's words, derived again from its descriptions (in the import's transaction). */
export async function replaceWords(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select tariff_fraction_words_refresh()`);
}

/**
 * Statistics of the new words for the planner: without them the nearest-word lookup plans a
 * scan of every word (3x the search's cost) until autovacuum comes by.
 */
export async function analyzeWords(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze ${tariffFractionWords}`);
}

/**
 * For each of `words` (normalized by `searchWords`) that is not a catalogue word, the nearest
 * catalogue word by trigram similarity, when it is at least `minSimilarity`: `%` finds the
 * candidates on the GIN index (pg_trgm's 0.3), the closest wins, then the first in order.
 */
export async function nearestWords(
  db: Db,
  words: string[],
  minSimilarity: number,
): Promise<Map<string, string>> {
  // A named prepared statement, as the ranking: planning it costs far more than running it.
  const { rows } = await db.$client.query<{ typed: string; nearest: string }>({
    name: 'tariff_fraction_words_nearest',
    text: NEAREST_SQL,
    values: [words, minSimilarity],
  });
  return new Map(rows.map((row) => [row.typed, row.nearest]));
}

// Each word's nearest catalogue word: the first the GiST trigram index yields ordered by
// distance (1 − similarity; a plan that does not depend on the threshold, unlike `%`), kept when
// similar enough; a word of the catalogue is its own nearest, so only those that differ count.
const NEAREST_SQL = `
  select typed, nearest.word as nearest
    from unnest($1::text[]) as typed,
         lateral (select word from tariff_fraction_words
                   order by word <-> typed limit 1) as nearest
   where nearest.word <> typed and similarity(nearest.word, typed) >= $2`;

export type RankedTariffFraction = TariffFractionView & {
  matchedWords: string[];
  similarity: number;
  score: number;
};

/**
 * The staff console's word search, as named prepared statements: each pooled connection plans
 * them once (their planning cost more than their execution). `wordRanking`'s expressions
 * written out for the catalogue: the words its stored Spanish stems hold (GIN
 * `tariff_fractions_spanish`), or in the `whole-text` form, only when no stem matches anywhere,
 * the whole text by trigram word similarity (GIN `tariff_fractions_trgm`: misspellings; a scan
 * that costs ten times a stems search, so the service tries it last); among the codes in force
 * on the day; matched words and similarity computed once per row, then the best score first,
 * shorter descriptions, then code.
 */
function rankSql(wholeText: boolean): string {
  const trigramFallback = wholeText
    ? `or (not exists (select 1 from tariff_fractions s
                        where s.search_vector @@ websearch_to_tsquery('spanish', $3))
           and $1 <% t.search_description)`
    : '';
  return `
  select fraction, nico, description, valid_from as "validFrom", valid_to as "validTo", umt,
         umt_description as "umtDescription", matched_words as "matchedWords", similarity,
         greatest(cardinality(matched_words)::real / greatest((select count(*)
                    from unnest($2::text[]) as w where numnode(plainto_tsquery('spanish', w)) > 0), 1),
                  similarity) as score
    from (select t.fraction, t.nico, t.description, t.valid_from, t.valid_to, t.umt, t.umt_description,
                 array(select w from unnest($2::text[]) as w
                        where numnode(plainto_tsquery('spanish', w)) > 0
                          and t.search_vector @@ plainto_tsquery('spanish', w)) as matched_words,
                 word_similarity($1, t.search_description) as similarity
            from tariff_fractions t
           where (t.search_vector @@ websearch_to_tsquery('spanish', $3) ${trigramFallback})
             and t.valid_from <= $4 and (t.valid_to = '' or t.valid_to >= $4)) as hits
   order by score desc, length(description), fraction, nico
   limit $5`;
}
const RANK_STATEMENTS = {
  stems: { name: 'tariff_fractions_rank', text: rankSql(false) },
  'whole-text': { name: 'tariff_fractions_rank_whole_text', text: rankSql(true) },
};

export async function rankByWords(
  db: Db,
  text: string,
  words: string[],
  day: string,
  limit: number,
  form: keyof typeof RANK_STATEMENTS,
): Promise<RankedTariffFraction[]> {
  const { rows } = await db.$client.query<RankedTariffFraction>({
    ...RANK_STATEMENTS[form],
    values: [text, words, words.join(' or '), day, limit],
  });
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

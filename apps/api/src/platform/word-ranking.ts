import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * What ranks a text's `words` against a searchable column, for every search by meaning (the
 * classification console's candidates): the words its Spanish stems (`vector`, the column's
 * tsvector) hold, and the score, the better of the share of meaningful words (Spanish stop words
 * left out) matched and the trigram word similarity of the whole `text` to the `column`.
 * `matched` and `similarity` are selected in a subquery and `score(matched, similarity)` ordered
 * on outside it, so each is computed once per row. The catalogue's word search writes these
 * expressions out as a named prepared statement, trigrams only when no stem matches
 * (catalogs/tariff-fractions.repository.ts, `RANK_SQL`).
 */
export function wordRanking(
  vector: SQL | AnyColumn,
  column: SQL | AnyColumn,
  text: string,
  words: string[],
) {
  const stems = sql`(select count(*) from unnest(${sql.param(words)}::text[]) as w
    where numnode(plainto_tsquery('spanish', w)) > 0)`;
  return {
    matched: sql<string[]>`array(select w from unnest(${sql.param(words)}::text[]) as w
      where numnode(plainto_tsquery('spanish', w)) > 0 and ${vector} @@ plainto_tsquery('spanish', w))`,
    similarity: sql<number>`word_similarity(${text}, ${column})`,
    score: (matched: SQL | SQL.Aliased | AnyColumn, similarity: SQL | SQL.Aliased | AnyColumn) =>
      sql<number>`greatest(cardinality(${matched})::real / greatest(${stems}, 1), ${similarity})`,
    /** Any word by stem, or the text by trigrams (misspellings); GIN indexes serve both. */
    matches: sql`(${vector} @@ websearch_to_tsquery('spanish', ${words.join(' or ')}) or ${text} <% ${column})`,
  };
}

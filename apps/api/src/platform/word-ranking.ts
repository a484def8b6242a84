import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * What ranks a text's `words` against a searchable column, for every search by meaning (the
 * classification console's candidates): the words found by Spanish stem, and the score, the
 * better of the share of meaningful words (Spanish stop words left out) matched and the trigram
 * word similarity of the whole `text`.
 */
export function wordRanking(column: SQL | AnyColumn, text: string, words: string[]) {
  const document = sql`to_tsvector('spanish', ${column})`;
  const stems = sql`(select count(*) from unnest(${sql.param(words)}::text[]) as w
    where numnode(plainto_tsquery('spanish', w)) > 0)`;
  const matched = sql<string[]>`array(select w from unnest(${sql.param(words)}::text[]) as w
    where numnode(plainto_tsquery('spanish', w)) > 0 and ${document} @@ plainto_tsquery('spanish', w))`;
  const similarity = sql<number>`word_similarity(${text}, ${column})`;
  return {
    matched,
    similarity,
    score: sql<number>`greatest(cardinality(${matched})::real / greatest(${stems}, 1), ${similarity})`,
    /** Any word by stem, or the text by trigrams (misspellings); GIN indexes serve both. */
    matches: sql`(${document} @@ websearch_to_tsquery('spanish', ${words.join(' or ')}) or ${text} <% ${column})`,
  };
}

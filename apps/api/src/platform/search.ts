/**
 * List searches (decision 011): one denormalized `search_text` per record (customers, products),
 * compared with `LIKE '%word%'` for every word typed, served by a GIN trigram index. Both the
 * stored text and the typed words go through `searchKey`, so "jose" finds "José" and "MUNOZ"
 * finds "Muñoz".
 */

/** Lower case, without accents or other combining marks, whitespace collapsed. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** At most this many words of a search are used; the rest are ignored. */
const MAX_WORDS = 8;

/** The normalized words of what was typed in the search box (none for a blank search). */
export function searchWords(term: string | undefined): string[] {
  if (!term) return [];
  return [...new Set(searchKey(term).split(' ').filter(Boolean))].slice(0, MAX_WORDS);
}

/** `LIKE` pattern for a word anywhere in the text, its wildcards escaped. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

import { parseTariffCode, type TariffFraction, type TariffFractionsAnswer } from '@despacho/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { searchWords } from './csv-catalog';
import { importTariffFractions } from './tariff-fractions.importer';
import * as repository from './tariff-fractions.repository';

const view = (row: repository.TariffFractionView): TariffFraction => ({
  code: row.fraction + row.nico,
  fraction: row.fraction,
  nico: row.nico,
  description: row.description,
  valid_from: row.validFrom,
  valid_to: row.validTo === '' ? null : row.validTo,
  umt: row.umt,
  umt_description: row.umtDescription,
});

/** At most this many words of a search are used (each narrows the matches). */
const MAX_WORDS = 8;

/**
 * How close (pg_trgm similarity) a catalogue word must be to stand for a search word no
 * catalogue word starts with: one dropped, added or swapped letter in a word of six or more
 * scores 0.45–0.6, while an unrelated word (a brand) stays under 0.3.
 */
const CORRECTION_MIN_SIMILARITY = 0.45;

/**
 * Digits (dots and spaces allowed, as in "0101.21") search codes by prefix; other text the words
 * of the description.
 */
export function tariffFractionQuery(text: string) {
  const digits = text.replace(/[\s.-]/g, '');
  return {
    codePrefix: /^\d{1,10}$/.test(digits) ? digits : null,
    words: searchWords(text).split(' ').filter(Boolean).slice(0, MAX_WORDS),
  };
}

/**
 * Lookups in SAT's tariff fraction catalogue (c_FraccionArancelaria). There is no built-in list
 * to stand in for it: until it is imported, searches answer no matches with
 * `catalogue_loaded: false` and lookups TARIFF_FRACTIONS_NOT_LOADED.
 */
export class TariffFractionsService {
  /** What runs after each import: domains that keep codes recheck them (classification). */
  private readonly importListeners: (() => Promise<void>)[] = [];

  constructor(private readonly deps: { db: Db }) {}

  /** Registers what a domain does once a new catalogue is in place (its builder calls it). */
  onImported(listener: () => Promise<void>): void {
    this.importListeners.push(listener);
  }

  /**
   * Loads or refreshes the catalogue from SAT's CSV (`importTariffFractions`), then runs every
   * registered listener: a code the new catalogue retired is noticed at once.
   */
  async importFile(file: string) {
    const counts = await importTariffFractions(this.deps.db, file);
    for (const listener of this.importListeners) await listener();
    return counts;
  }

  /**
   * Up to 20 codes: digits search codes by prefix ("0901" → 0901210100, 0901210200…; "09012101"
   * → the fracción's NICOs); anything else searches words of the description by prefix, without
   * accents ("cafe tost" → "Café tostado…").
   */
  async search(text: string): Promise<TariffFractionsAnswer> {
    const query = tariffFractionQuery(text);
    const rows =
      query.codePrefix !== null
        ? await repository.findByCodePrefix(this.deps.db, query.codePrefix)
        : query.words.length > 0
          ? await repository.findByWords(this.deps.db, query.words)
          : [];
    const loaded = rows.length > 0 || (await repository.isLoaded(this.deps.db));
    return { data: rows.map(view), meta: { catalogue_loaded: loaded } };
  }

  /**
   * A tariff code's rows: an 8-digit fracción answers each of its NICOs, a 10-digit code its one
   * row. A code the catalogue does not hold is TARIFF_FRACTION_NOT_FOUND (also when it is not a
   * well-formed code); before the import, TARIFF_FRACTIONS_NOT_LOADED.
   */
  async lookup(code: string): Promise<TariffFraction[]> {
    const parsed = parseTariffCode(code);
    const rows = parsed
      ? await repository.findByCode(this.deps.db, parsed.fraction, parsed.nico)
      : [];
    if (rows.length > 0) return rows.map(view);
    if (await repository.isLoaded(this.deps.db)) {
      throw new AppError('TARIFF_FRACTION_NOT_FOUND', { code });
    }
    throw new AppError('TARIFF_FRACTIONS_NOT_LOADED');
  }

  /** Whether the catalogue is imported: a code is only checked against it then. */
  catalogueLoaded(): Promise<boolean> {
    return repository.isLoaded(this.deps.db);
  }

  /**
   * Of `codes` (8 or 10 digits), those a product may not use, each once: once the catalogue is
   * imported, codes it does not hold or that expired before `today` (YYYY-MM-DD); none before.
   */
  async unusableCodes(codes: string[], today: string): Promise<string[]> {
    const unique = [...new Set(codes)];
    if (unique.length === 0) return [];
    const { inForce, loaded } = await repository.codesInForce(this.deps.db, unique, today);
    if (!loaded) return [];
    const usable = new Set(inForce);
    return unique.filter((code) => !usable.has(code));
  }

  /** The code's row when it is in force on `day` (YYYY-MM-DD), else null. */
  async inForce(fraction: string, nico: string, day: string): Promise<TariffFraction | null> {
    const row = await repository.findInForce(this.deps.db, fraction, nico, day);
    return row ? view(row) : null;
  }

  /**
   * The catalogue's row of a fracción + NICO in force on `day`: TARIFF_CODE_NOT_IN_FORCE when
   * the catalogue has no such code that day (absent, not yet in force or retired);
   * TARIFF_FRACTIONS_NOT_LOADED before the catalogue is imported (nothing to check against).
   */
  async requireInForce(fraction: string, nico: string, day: string): Promise<TariffFraction> {
    const row = await this.inForce(fraction, nico, day);
    if (row) return row;
    if (!(await this.catalogueLoaded())) throw new AppError('TARIFF_FRACTIONS_NOT_LOADED');
    throw new AppError('TARIFF_CODE_NOT_IN_FORCE', { code: fraction + nico, date: day });
  }

  /**
   * Codes in force on `day` ranked for `words` of `text` (the classification console's
   * candidates and picker): Spanish stems and trigram similarity, each with why it matched.
   * Cheapest first: the stems; when nothing matches, each misspelt word corrected to its nearest
   * catalogue word; only then the whole text by trigrams, which costs ten times a stems search.
   */
  async rank(text: string, words: string[], day: string, limit: number) {
    if (words.length === 0) return [];
    const { db } = this.deps;
    const typed = searchWords(text);
    let rows = await repository.rankByWords(db, typed, words, day, limit, 'stems');
    if (rows.length === 0) {
      const nearest = await repository.nearestWords(db, words, CORRECTION_MIN_SIMILARITY);
      if (nearest.size > 0) {
        const corrected = (word: string) => nearest.get(word) ?? word;
        const correctedText = typed.split(' ').map(corrected).join(' ');
        rows = await repository.rankByWords(
          db,
          correctedText,
          words.map(corrected),
          day,
          limit,
          'stems',
        );
      }
    }
    if (rows.length === 0) {
      rows = await repository.rankByWords(db, typed, words, day, limit, 'whole-text');
    }
    return rows.map((row) => ({
      ...view(row),
      matched_words: row.matchedWords,
      similarity: row.similarity,
      score: row.score,
    }));
  }

  /** Of these 10-digit codes, those the catalogue no longer has in force on `day`. */
  retired(codes: string[], day: string): Promise<string[]> {
    return repository.codesNotInForce(this.deps.db, [...new Set(codes)], day);
  }
}

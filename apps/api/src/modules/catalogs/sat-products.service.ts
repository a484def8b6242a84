import {
  localizeIssue,
  SAT_COMMON_PRODUCTS,
  SAT_PRODUCT_SEARCH_LIMIT,
  type Language,
  type SatProduct,
  type SatProductsAnswer,
} from '@despacho/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { searchWords } from './csv-catalog';
import * as repository from './sat-products.repository';

const view = (row: repository.SatProductView): SatProduct => ({
  code: row.code,
  description: row.description,
  similar_words: row.similarWords,
});

/** At most this many words of a search are used (each narrows the matches). */
const MAX_WORDS = 8;

/** Digits search codes by prefix; other text the words of descriptions and similar words. */
function productQuery(text: string) {
  const digits = text.replace(/\s+/g, '');
  return {
    codePrefix: /^\d{1,8}$/.test(digits) ? digits : null,
    words: searchWords(text).split(' ').filter(Boolean).slice(0, MAX_WORDS),
  };
}

/**
 * The repository's search over a list in memory (the built-in common codes), in the same order:
 * codes by prefix in code order; or every word a prefix of a word, description matches first,
 * then descriptions that start with the first word, then shorter ones.
 */
export function rankSatProducts(
  products: readonly SatProduct[],
  query: ReturnType<typeof productQuery>,
): SatProduct[] {
  const holds = (text: string) =>
    query.words.every((word) => ` ${searchWords(text)}`.includes(` ${word}`));
  const { codePrefix } = query;
  if (codePrefix !== null) {
    return products
      .filter((product) => product.code.startsWith(codePrefix))
      .toSorted((a, b) => a.code.localeCompare(b.code))
      .slice(0, SAT_PRODUCT_SEARCH_LIMIT);
  }
  if (query.words.length === 0) return [];
  const [first = ''] = query.words;
  return products
    .filter((product) => holds(`${product.description} ${product.similar_words}`))
    .map((product) => ({
      product,
      keys: [
        !holds(product.description),
        !searchWords(product.description).startsWith(first),
        product.description.length,
      ].map(Number),
    }))
    .toSorted((a, b) => {
      const index = a.keys.findIndex((key, at) => key !== b.keys[at]);
      return index === -1
        ? a.product.code.localeCompare(b.product.code)
        : a.keys[index]! - b.keys[index]!;
    })
    .slice(0, SAT_PRODUCT_SEARCH_LIMIT)
    .map(({ product }) => product);
}

/**
 * Lookups in the SAT Carta Porte product catalogue (c_ClaveProdServCP). Until it is imported,
 * the built-in common codes (`SAT_COMMON_PRODUCTS`) stand in for the search.
 */
export class SatProductsService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * Up to 20 codes: digits search codes by prefix ("3118" → 31181700, 31181701…); anything else
   * searches words of the description and similar words by prefix, without accents ("carton
   * caj" → "Cartón … cajas").
   */
  async search(text: string): Promise<SatProductsAnswer> {
    const query = productQuery(text);
    const rows =
      query.codePrefix !== null
        ? await repository.findByCodePrefix(this.deps.db, query.codePrefix)
        : query.words.length > 0
          ? await repository.findByWords(this.deps.db, query.words)
          : [];
    if (rows.length > 0 || (await repository.isLoaded(this.deps.db))) {
      return { data: rows.map(view), meta: { catalogue_loaded: true } };
    }
    return {
      data: rankSatProducts(SAT_COMMON_PRODUCTS, query),
      meta: { catalogue_loaded: false },
    };
  }

  async get(code: string): Promise<SatProduct> {
    const row = await repository.findByCode(this.deps.db, code);
    if (row) return view(row);
    if (await repository.isLoaded(this.deps.db)) {
      throw new AppError('SAT_PRODUCT_NOT_FOUND', { code });
    }
    const common = SAT_COMMON_PRODUCTS.find((product) => product.code === code);
    if (common) return common;
    throw new AppError('SAT_PRODUCTS_NOT_LOADED');
  }

  /**
   * Of `codes`, those the catalogue does not hold, each once: none while it is not imported (the
   * schema checked the family). One query for a whole batch (the products import).
   */
  async unknownCodes(codes: string[]): Promise<string[]> {
    const unique = [...new Set(codes)];
    if (unique.length === 0) return [];
    const { known, loaded } = await repository.knownCodes(this.deps.db, unique);
    if (!loaded) return [];
    const held = new Set(known);
    return unique.filter((code) => !held.has(code));
  }

  /**
   * The server's check of a package's `sat_code` (the form checked its family already): once the
   * catalogue is imported, a code it does not hold is refused with a message under `field`;
   * while it is empty, the family check is all there is.
   */
  async assertKnownCode(code: string, language: Language, field = 'sat_code'): Promise<void> {
    if ((await repository.codeStatus(this.deps.db, code)) !== 'unknown') return;
    throw new AppError(
      'VALIDATION_FAILED',
      {},
      { [field]: localizeIssue({ message: 'sat_product_code' }, language) },
    );
  }
}

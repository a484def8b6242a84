import { localizeIssue, type Language, type SatProduct } from '@despacho/domain';
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

/** Lookups in the SAT Carta Porte product catalogue (c_ClaveProdServCP). */
export class SatProductsService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * Up to 20 codes: digits search codes by prefix ("3118" → 31181700, 31181701…); anything else
   * searches words of the description and similar words by prefix, without accents ("carton
   * caj" → "Cartón … cajas"). SAT_PRODUCTS_NOT_LOADED when no catalogue has been imported.
   */
  async search(text: string): Promise<SatProduct[]> {
    const digits = text.replace(/\s+/g, '');
    const words = searchWords(text).split(' ').filter(Boolean).slice(0, MAX_WORDS);
    const rows = /^\d{1,8}$/.test(digits)
      ? await repository.findByCodePrefix(this.deps.db, digits)
      : words.length > 0
        ? await repository.findByWords(this.deps.db, words)
        : [];
    if (rows.length === 0 && !(await repository.isLoaded(this.deps.db))) {
      throw new AppError('SAT_PRODUCTS_NOT_LOADED');
    }
    return rows.map(view);
  }

  async get(code: string): Promise<SatProduct> {
    const row = await repository.findByCode(this.deps.db, code);
    if (row) return view(row);
    if (!(await repository.isLoaded(this.deps.db))) throw new AppError('SAT_PRODUCTS_NOT_LOADED');
    throw new AppError('SAT_PRODUCT_NOT_FOUND', { code });
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

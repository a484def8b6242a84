import { SAT_PRODUCT_CODE_PATTERN } from '@despacho/domain';
import type { Db } from '../../platform/db';
import { readCsvCatalog, replaceCatalog, searchWords } from './csv-catalog';
import { CatalogFormatError } from './postal-codes.importer';
import { satProductCodes } from './sat-products.tables';

/** The columns the file must start with; `palabras_similares` may follow. */
export const SAT_PRODUCTS_HEADER = ['c_ClaveProdServCP', 'descripcion'] as const;
const SIMILAR_WORDS = 'palabras_similares';

export type SatProductRow = typeof satProductCodes.$inferInsert;

const INSERTED_COLUMNS = [
  ['code', 'code'],
  ['description', 'description'],
  ['similarWords', 'similar_words'],
  ['searchDescription', 'search_description'],
  ['searchSimilarWords', 'search_similar_words'],
] as const satisfies readonly (readonly [keyof SatProductRow, string])[];

/**
 * Reads the catalogue as a CSV file: UTF-8 (a byte-order mark is ignored), comma-separated with
 * RFC 4180 quoting, one header row `c_ClaveProdServCP,descripcion[,palabras_similares]` (how the
 * phpcfdi public-domain copies export it). Every row is checked before anything is written.
 */
export async function readSatProductsFile(file: string): Promise<SatProductRow[]> {
  const { header, records } = await readCsvCatalog(
    file,
    SAT_PRODUCTS_HEADER,
    `${SAT_PRODUCTS_HEADER.join(',')}[,${SIMILAR_WORDS}]`,
  );
  const similarColumn = header.indexOf(SIMILAR_WORDS);
  const rows: SatProductRow[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of records) {
    const code = fields[0]!.trim();
    const description = fields[1]!.trim();
    if (!SAT_PRODUCT_CODE_PATTERN.test(code)) {
      throw new CatalogFormatError(file, line, `"${code}" is not an 8-digit product code`);
    }
    if (seen.has(code)) throw new CatalogFormatError(file, line, `code ${code} is repeated`);
    if (description === '') {
      throw new CatalogFormatError(file, line, `code ${code} has no description`);
    }
    seen.add(code);
    const similarWords = similarColumn >= 0 ? fields[similarColumn]!.trim() : '';
    rows.push({
      code,
      description,
      similarWords,
      searchDescription: searchWords(description),
      searchSimilarWords: searchWords(similarWords),
    });
  }
  return rows;
}

/**
 * Loads or refreshes the SAT Carta Porte product catalogue: the whole file is read and checked
 * first, then the table is replaced in one transaction, so a bad file or a failure half-way
 * leaves the previous catalogue in place. Answers how many codes it loaded.
 */
export async function importSatProducts(db: Db, file: string): Promise<{ codes: number }> {
  const rows = await readSatProductsFile(file);
  await replaceCatalog(db, satProductCodes, INSERTED_COLUMNS, rows);
  return { codes: rows.length };
}

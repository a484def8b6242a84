import { SAT_PRODUCT_CODE_PATTERN } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import type { Db } from '../../platform/db';
import { CatalogFormatError } from './postal-codes.importer';
import { satProductCodes } from './sat-products.tables';

/** The columns the file must start with; `palabras_similares` may follow. */
export const SAT_PRODUCTS_HEADER = ['c_ClaveProdServCP', 'descripcion'] as const;
const SIMILAR_WORDS = 'palabras_similares';

export type SatProductRow = typeof satProductCodes.$inferInsert;

/** Rows per insert; each batch travels as one array parameter per column (`unnest`). */
const BATCH_ROWS = 5000;
const INSERTED_COLUMNS = [
  ['code', 'code'],
  ['description', 'description'],
  ['similarWords', 'similar_words'],
  ['searchDescription', 'search_description'],
  ['searchSimilarWords', 'search_similar_words'],
] as const satisfies readonly (readonly [keyof SatProductRow, string])[];

/**
 * Text as the word search sees it: accents removed (á → a, ñ → n), lower case, only letters and
 * digits, one space between words. The importer stores descriptions this way and the search
 * normalizes what the user typed the same way, so "carton" finds "Cartón".
 */
export function searchWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A quoted field that never closes, from the line it opens on. */
class UnclosedQuoteError extends Error {
  constructor(readonly line: number) {
    super('a quoted field is not closed');
  }
}

/**
 * The records of an RFC 4180 CSV text (quoted fields may hold commas, doubled quotes and line
 * breaks), each with the line it starts on.
 */
export function* csvRecords(text: string): Generator<{ line: number; fields: string[] }> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    const record = { line: start, fields };
    fields = [];
    field = '';
    return record;
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      yield endRecord();
      line += 1;
      start = line;
    } else {
      field += char;
    }
    i += 1;
  }
  if (quoted) throw new UnclosedQuoteError(start);
  if (field !== '' || fields.length > 0) yield endRecord();
}

/**
 * Reads the catalogue as a CSV file: UTF-8 (a byte-order mark is ignored), comma-separated with
 * RFC 4180 quoting, one header row `c_ClaveProdServCP,descripcion[,palabras_similares]` (how the
 * phpcfdi public-domain copies export it). Every row is checked before anything is written.
 */
export async function readSatProductsFile(file: string): Promise<SatProductRow[]> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const rows: SatProductRow[] = [];
  const seen = new Set<string>();
  let header: string[] | null = null;
  let similarColumn = -1;
  try {
    for (const { line, fields } of csvRecords(text)) {
      if (!header) {
        header = fields.map((name) => name.trim());
        const expected = `${SAT_PRODUCTS_HEADER.join(',')}[,${SIMILAR_WORDS}]`;
        if (SAT_PRODUCTS_HEADER.some((name, index) => header![index] !== name)) {
          throw new CatalogFormatError(
            file,
            line,
            `expected the header "${expected}", found "${fields.join(',').slice(0, 200)}"`,
          );
        }
        similarColumn = header.indexOf(SIMILAR_WORDS);
        continue;
      }
      if (fields.length === 1 && fields[0]!.trim() === '') continue;
      if (fields.length !== header.length) {
        throw new CatalogFormatError(
          file,
          line,
          `expected ${header.length} fields, found ${fields.length}`,
        );
      }
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
  } catch (error) {
    if (error instanceof UnclosedQuoteError) {
      throw new CatalogFormatError(file, error.line, error.message);
    }
    throw error;
  }
  if (!header) throw new CatalogFormatError(file, 1, 'the header line is missing');
  return rows;
}

/**
 * Loads or refreshes the SAT Carta Porte product catalogue: the whole file is read and checked
 * first, then the table is replaced in one transaction, so a bad file or a failure half-way
 * leaves the previous catalogue in place. Answers how many codes it loaded.
 */
export async function importSatProducts(db: Db, file: string): Promise<{ codes: number }> {
  const rows = await readSatProductsFile(file);
  await db.transaction(async (tx) => {
    await tx.delete(satProductCodes);
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const names = INSERTED_COLUMNS.map(([, column]) => sql.identifier(column));
      const arrays = INSERTED_COLUMNS.map(
        ([key]) => sql`${sql.param(batch.map((row) => row[key]))}::text[]`,
      );
      await tx.execute(
        sql`insert into ${satProductCodes} (${sql.join(names, sql`, `)})
            select * from unnest(${sql.join(arrays, sql`, `)})`,
      );
    }
  });
  await db.execute(sql`analyze ${satProductCodes}`);
  return { codes: rows.length };
}

import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { readFile } from 'node:fs/promises';
import type { Db } from '../../platform/db';
import { CatalogFormatError } from './postal-codes.importer';

/**
 * Text as the word searches see it: accents removed (á → a, ñ → n), lower case, only letters and
 * digits, one space between words. The importers store names this way and the searches
 * normalize what the user typed the same way, so "carton" finds "Cartón".
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

export interface CsvRecord {
  /** The line the record starts on (a quoted field may span several). */
  line: number;
  fields: string[];
}

/**
 * The records of an RFC 4180 CSV text (quoted fields may hold commas, doubled quotes and line
 * breaks), each with the line it starts on.
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
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
 * Reads a SAT catalogue published as CSV: UTF-8 (a byte-order mark is ignored), RFC 4180
 * quoting, a header row that starts with the `required` columns (others may follow; `expected`
 * is how the error message shows the header). Answers the header and every data record, blank
 * lines left out, each with as many fields as the header; anything else is a CatalogFormatError
 * naming the line. The whole file is read before the caller writes anything.
 */
export async function readCsvCatalog(
  file: string,
  required: readonly string[],
  expected = required.join(','),
): Promise<{ header: string[]; records: CsvRecord[] }> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let header: string[] | null = null;
  try {
    for (const record of csvRecords(text)) {
      if (!header) {
        header = record.fields.map((name) => name.trim());
        if (required.some((name, index) => header![index] !== name)) {
          throw new CatalogFormatError(
            file,
            record.line,
            `expected the header "${expected}", found "${record.fields.join(',').slice(0, 200)}"`,
          );
        }
        continue;
      }
      if (record.fields.length === 1 && record.fields[0]!.trim() === '') continue;
      if (record.fields.length !== header.length) {
        throw new CatalogFormatError(
          file,
          record.line,
          `expected ${header.length} fields, found ${record.fields.length}`,
        );
      }
      records.push(record);
    }
  } catch (error) {
    if (error instanceof UnclosedQuoteError) {
      throw new CatalogFormatError(file, error.line, error.message);
    }
    throw error;
  }
  if (!header) throw new CatalogFormatError(file, 1, 'the header line is missing');
  return { header, records };
}

/** Rows per insert; each batch travels as one array parameter per column (`unnest`). */
const BATCH_ROWS = 5000;

/**
 * Replaces a whole catalogue table (text columns only) in one transaction, so a failure half-way
 * leaves the previous catalogue in place, then refreshes the planner's statistics. `columns`
 * pairs each row key with its column name.
 */
export async function replaceCatalog<Row extends Record<string, string>>(
  db: Db,
  table: PgTable,
  columns: readonly (readonly [keyof Row, string])[],
  rows: readonly Row[],
): Promise<void> {
  const names = columns.map(([, column]) => sql.identifier(column));
  await db.transaction(async (tx) => {
    await tx.delete(table);
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const arrays = columns.map(
        ([key]) => sql`${sql.param(batch.map((row) => row[key]))}::text[]`,
      );
      await tx.execute(
        sql`insert into ${table} (${sql.join(names, sql`, `)})
            select * from unnest(${sql.join(arrays, sql`, `)})`,
      );
    }
  });
  await db.execute(sql`analyze ${table}`);
}

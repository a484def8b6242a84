import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { readFile } from 'node:fs/promises';
import type { CsvRecord } from '@despacho/domain';
import { parseCsv } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
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

/**
 * Reads a SAT catalogue published as CSV (`parseCsv`): UTF-8 (a byte-order mark is ignored),
 * RFC 4180 quoting, a header row that starts with the `required` columns (others may follow; `expected`
 * is how the error message shows the header). Answers the header and every data record, blank
 * lines left out, each with as many fields as the header; anything else is a CatalogFormatError
 * naming the line. The whole file is read before the caller writes anything.
 */
export async function readCsvCatalog(
  file: string,
  required: readonly string[],
  expected = required.join(','),
): Promise<{ header: string[]; records: CsvRecord[] }> {
  const parsed = parseCsv(await readFile(file, 'utf8'));
  if (!Array.isArray(parsed)) {
    throw new CatalogFormatError(file, parsed.unclosedQuoteAt, 'a quoted field is not closed');
  }
  const [first, ...records] = parsed;
  if (!first) throw new CatalogFormatError(file, 1, 'the header line is missing');
  const header = first.fields.map((name) => name.trim());
  if (required.some((name, index) => header[index] !== name)) {
    throw new CatalogFormatError(
      file,
      first.line,
      `expected the header "${expected}", found "${first.fields.join(',').slice(0, 200)}"`,
    );
  }
  for (const record of records) {
    if (record.fields.length !== header.length) {
      throw new CatalogFormatError(
        file,
        record.line,
        `expected ${header.length} fields, found ${record.fields.length}`,
      );
    }
  }
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
  /** What is derived from the new rows, done in the same transaction (the words of a search). */
  derive?: (tx: DbOrTx) => Promise<void>,
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
    await derive?.(tx);
  });
  await db.execute(sql`analyze ${table}`);
}

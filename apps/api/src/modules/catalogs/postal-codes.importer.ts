import { POSTAL_CODE_PATTERN } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { parseCsv } from '../../platform/csv';
import type { Db } from '../../platform/db';
import { postalCodeSettlements } from './postal-codes.tables';

/** The header line of SEPOMEX's `CPdescarga.txt`, exactly as published. */
export const SEPOMEX_HEADER =
  'd_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad';
const FIELDS = SEPOMEX_HEADER.split('|');
const column = (name: string) => FIELDS.indexOf(name);
const COLUMNS = {
  zip: column('d_codigo'),
  name: column('d_asenta'),
  settlementType: column('d_tipo_asenta'),
  municipality: column('D_mnpio'),
  state: column('d_estado'),
  city: column('d_ciudad'),
  stateCode: column('c_estado'),
  municipalityCode: column('c_mnpio'),
  settlementId: column('id_asenta_cpcons'),
  zone: column('d_zona'),
};
export type SettlementRow = typeof postalCodeSettlements.$inferInsert;

/**
 * Rows per insert. Each batch travels as one array parameter per column (`unnest`), so the
 * statement has 10 parameters whatever the batch size.
 */
const BATCH_ROWS = 5000;
/** Row property → column (the tables are snake_case). */
const INSERTED_COLUMNS = [
  ['zip', 'zip'],
  ['settlementId', 'settlement_id'],
  ['name', 'name'],
  ['settlementType', 'settlement_type'],
  ['municipality', 'municipality'],
  ['municipalityCode', 'municipality_code'],
  ['state', 'state'],
  ['stateCode', 'state_code'],
  ['city', 'city'],
  ['zone', 'zone'],
] as const satisfies readonly (readonly [keyof SettlementRow, string])[];

export interface ImportCounts {
  settlements: number;
  postalCodes: number;
  states: number;
}

/** The file is not the SEPOMEX catalogue as published; nothing was changed. */
export class CatalogFormatError extends Error {
  constructor(file: string, line: number, problem: string) {
    super(`${file}, line ${line}: ${problem}`);
    this.name = 'CatalogFormatError';
  }
}

/**
 * Reads `CPdescarga.txt` (ISO-8859-1, pipe-delimited, a legal notice on line 1, the header on
 * line 2) and checks every row before anything is written.
 */
export async function readSepomexFile(file: string): Promise<SettlementRow[]> {
  // Pipes only: SEPOMEX does not quote, and a `"` in a name is part of it.
  const records = parseCsv(await readFile(file, 'latin1'), { delimiter: '|', quote: false });
  const header = records.find((record) => record.line >= 2);
  if (!header) throw new CatalogFormatError(file, 2, 'the header line is missing');
  const headerText = header.line === 2 ? header.fields.join('|') : '';
  if (headerText.trim() !== SEPOMEX_HEADER) {
    throw new CatalogFormatError(
      file,
      2,
      `expected the SEPOMEX header "${SEPOMEX_HEADER}", found "${headerText.slice(0, 200)}"`,
    );
  }
  const rows: SettlementRow[] = [];
  for (const { line, fields } of records.slice(records.indexOf(header) + 1)) {
    if (fields.length !== FIELDS.length) {
      throw new CatalogFormatError(
        file,
        line,
        `expected ${FIELDS.length} fields, found ${fields.length}`,
      );
    }
    const field = (index: number) => fields[index]!.trim();
    const zip = field(COLUMNS.zip);
    if (!POSTAL_CODE_PATTERN.test(zip)) {
      throw new CatalogFormatError(file, line, `"${zip}" is not a 5-digit postal code`);
    }
    rows.push({
      zip,
      settlementId: field(COLUMNS.settlementId),
      name: field(COLUMNS.name),
      settlementType: field(COLUMNS.settlementType),
      municipality: field(COLUMNS.municipality),
      municipalityCode: field(COLUMNS.municipalityCode),
      state: field(COLUMNS.state),
      stateCode: field(COLUMNS.stateCode),
      city: field(COLUMNS.city),
      zone: field(COLUMNS.zone),
    });
  }
  return rows;
}

/**
 * Loads or refreshes the postal-code catalogue from SEPOMEX's `CPdescarga.txt`: the whole
 * file is read and checked first, then the table is replaced in one transaction, so a bad file
 * or a failure half-way leaves the previous catalogue in place.
 */
export async function importPostalCodes(db: Db, file: string): Promise<ImportCounts> {
  const rows = await readSepomexFile(file);
  await db.transaction(async (tx) => {
    await tx.delete(postalCodeSettlements);
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const names = INSERTED_COLUMNS.map(([, column]) => sql.identifier(column));
      const arrays = INSERTED_COLUMNS.map(
        ([key]) => sql`${sql.param(batch.map((row) => row[key]))}::text[]`,
      );
      await tx.execute(
        sql`insert into ${postalCodeSettlements} (${sql.join(names, sql`, `)})
            select * from unnest(${sql.join(arrays, sql`, `)})`,
      );
    }
  });
  // Fresh statistics, so the planner knows a zip has a handful of rows, not hundreds.
  await db.execute(sql`analyze ${postalCodeSettlements}`);
  return {
    settlements: rows.length,
    postalCodes: new Set(rows.map((row) => row.zip)).size,
    states: new Set(rows.map((row) => row.stateCode)).size,
  };
}

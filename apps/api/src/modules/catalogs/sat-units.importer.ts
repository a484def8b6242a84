import { mexicoDate } from '@despacho/domain';
import type { Db } from '../../platform/db';
import { readCsvCatalog, replaceCatalog, searchWords } from './csv-catalog';
import { CatalogFormatError } from './postal-codes.importer';
import { satUnitCodes } from './sat-units.tables';

/** The columns of SAT's c_ClaveUnidad CSV, in order. */
export const SAT_UNITS_HEADER = [
  'c_ClaveUnidad',
  'nombre',
  'descripcion',
  'nota',
  'vigencia_desde',
  'vigencia_hasta',
  'simbolo',
] as const;
type SatUnitsColumn = (typeof SAT_UNITS_HEADER)[number];

/**
 * A key as the catalogue writes it. Wider than the forms' `isSatUnitCode`: SAT publishes a few
 * keys in mixed case ("Ohm", "X1w"), and the catalogue keeps them exactly as published.
 */
const PUBLISHED_CODE = /^[A-Za-z0-9]{2,3}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string) =>
  ISO_DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

export type SatUnitRow = typeof satUnitCodes.$inferInsert;

const INSERTED_COLUMNS = [
  ['code', 'code'],
  ['name', 'name'],
  ['searchText', 'search_text'],
] as const satisfies readonly (readonly [keyof SatUnitRow, string])[];

/**
 * Reads SAT's c_ClaveUnidad CSV (UTF-8, RFC 4180 quoting, the header of `SAT_UNITS_HEADER`) and
 * checks every row before anything is written. Keys whose `vigencia_hasta` is before `today`
 * (YYYY-MM-DD) are left out and counted: a waybill may not use them any more.
 */
export async function readSatUnitsFile(
  file: string,
  today: string,
): Promise<{ rows: SatUnitRow[]; expired: number }> {
  const { records } = await readCsvCatalog(file, SAT_UNITS_HEADER);
  const rows: SatUnitRow[] = [];
  const seen = new Set<string>();
  let expired = 0;
  for (const { line, fields } of records) {
    const field = (name: SatUnitsColumn) => fields[SAT_UNITS_HEADER.indexOf(name)]!.trim();
    const code = field('c_ClaveUnidad');
    const name = field('nombre');
    if (!PUBLISHED_CODE.test(code)) {
      throw new CatalogFormatError(file, line, `"${code}" is not a 2- or 3-character unit key`);
    }
    if (name === '') throw new CatalogFormatError(file, line, `key ${code} has no name`);
    for (const dateColumn of ['vigencia_desde', 'vigencia_hasta'] as const) {
      const date = field(dateColumn);
      if (date !== '' && !isDate(date)) {
        throw new CatalogFormatError(
          file,
          line,
          `${dateColumn} "${date}" of key ${code} is not a YYYY-MM-DD date`,
        );
      }
    }
    const until = field('vigencia_hasta');
    if (until !== '' && until < today) {
      expired += 1;
      continue;
    }
    // Only among the keys kept: SAT may list a retired key again with a new validity.
    if (seen.has(code)) throw new CatalogFormatError(file, line, `key ${code} is repeated`);
    seen.add(code);
    rows.push({ code, name, searchText: searchWords(name) });
  }
  return { rows, expired };
}

/**
 * Loads or refreshes SAT's unit catalogue: the whole file is read and checked first, then the
 * table is replaced in one transaction, so a bad file or a failure half-way leaves the previous
 * catalogue in place. Answers how many keys it loaded and how many expired ones it left out.
 * `today` defaults to the current day in Mexico City.
 */
export async function importSatUnits(
  db: Db,
  file: string,
  today = mexicoDate(new Date()),
): Promise<{ codes: number; expired: number }> {
  const { rows, expired } = await readSatUnitsFile(file, today);
  await replaceCatalog(db, satUnitCodes, INSERTED_COLUMNS, rows);
  return { codes: rows.length, expired };
}

import type { Db } from '../../platform/db';
import { readCsvCatalog, replaceCatalog, searchWords } from './csv-catalog';
import { CatalogFormatError } from './postal-codes.importer';
import { analyzeWords, replaceWords } from './tariff-fractions.repository';
import { tariffFractions } from './tariff-fractions.tables';

/** The columns of SAT's c_FraccionArancelaria CSV, exactly and in order. */
export const TARIFF_FRACTIONS_HEADER = [
  'c_FraccionArancelaria',
  'descripcion',
  'vigencia_desde',
  'vigencia_hasta',
  'umt',
  'umt_descripcion',
] as const;
type TariffFractionsColumn = (typeof TARIFF_FRACTIONS_HEADER)[number];

/** A catalogue row's code: the fracción's 8 digits and the NICO's 2. */
const PUBLISHED_CODE = /^\d{10}$/;
const UMT_CODE = /^\d{1,3}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string) =>
  ISO_DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

export type TariffFractionRow = typeof tariffFractions.$inferInsert;

const INSERTED_COLUMNS = [
  ['fraction', 'fraction'],
  ['nico', 'nico'],
  ['description', 'description'],
  ['validFrom', 'valid_from'],
  ['validTo', 'valid_to'],
  ['umt', 'umt'],
  ['umtDescription', 'umt_description'],
  ['searchDescription', 'search_description'],
] as const satisfies readonly (readonly [keyof TariffFractionRow, string])[];

/**
 * Reads SAT's c_FraccionArancelaria CSV (UTF-8, RFC 4180 quoting, exactly the header of
 * `TARIFF_FRACTIONS_HEADER`) and checks every row before anything is written: a 10-digit code,
 * once; a description; YYYY-MM-DD dates (`vigencia_hasta` may be empty); a UMT code and name.
 */
export async function readTariffFractionsFile(file: string): Promise<TariffFractionRow[]> {
  const { header, records } = await readCsvCatalog(file, TARIFF_FRACTIONS_HEADER);
  if (header.length !== TARIFF_FRACTIONS_HEADER.length) {
    throw new CatalogFormatError(
      file,
      1,
      `expected the header "${TARIFF_FRACTIONS_HEADER.join(',')}", found "${header.join(',').slice(0, 200)}"`,
    );
  }
  const rows: TariffFractionRow[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of records) {
    const field = (name: TariffFractionsColumn) =>
      fields[TARIFF_FRACTIONS_HEADER.indexOf(name)]!.trim();
    const code = field('c_FraccionArancelaria');
    const description = field('descripcion');
    if (!PUBLISHED_CODE.test(code)) {
      throw new CatalogFormatError(
        file,
        line,
        `"${code}" is not a 10-digit code (8-digit fraction and 2-digit NICO)`,
      );
    }
    if (seen.has(code)) throw new CatalogFormatError(file, line, `code ${code} is repeated`);
    seen.add(code);
    if (description === '') {
      throw new CatalogFormatError(file, line, `code ${code} has no description`);
    }
    const validFrom = field('vigencia_desde');
    const validTo = field('vigencia_hasta');
    if (!isDate(validFrom)) {
      throw new CatalogFormatError(
        file,
        line,
        `vigencia_desde "${validFrom}" of code ${code} is not a YYYY-MM-DD date`,
      );
    }
    if (validTo !== '' && !isDate(validTo)) {
      throw new CatalogFormatError(
        file,
        line,
        `vigencia_hasta "${validTo}" of code ${code} is not a YYYY-MM-DD date`,
      );
    }
    const umt = field('umt');
    const umtDescription = field('umt_descripcion');
    if (!UMT_CODE.test(umt) || umtDescription === '') {
      throw new CatalogFormatError(file, line, `code ${code} has no valid umt and umt_descripcion`);
    }
    rows.push({
      fraction: code.slice(0, 8),
      nico: code.slice(8),
      description,
      validFrom,
      validTo,
      umt,
      umtDescription,
      searchDescription: searchWords(description),
    });
  }
  return rows;
}

/**
 * Loads or refreshes SAT's tariff fraction catalogue: the whole file is read and checked first,
 * then the table is replaced in one transaction, so a bad file or a failure half-way leaves the
 * previous catalogue in place. Answers how many codes (fracción + NICO) and fracciones it loaded.
 */
export async function importTariffFractions(
  db: Db,
  file: string,
): Promise<{ codes: number; fractions: number }> {
  const rows = await readTariffFractionsFile(file);
  await replaceCatalog(db, tariffFractions, INSERTED_COLUMNS, rows, replaceWords);
  await analyzeWords(db);
  return { codes: rows.length, fractions: new Set(rows.map((row) => row.fraction)).size };
}

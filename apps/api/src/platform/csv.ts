import type { CsvRecord } from '@despacho/domain';
import { CsvError, parse } from 'csv-parse/sync';

/**
 * The records of a CSV text, read by csv-parse, each with the line it starts on (a quoted field
 * may span several): comma-separated unless told otherwise; RFC 4180 quoting (commas, line
 * breaks and doubled quotes inside quotes) unless `quote: false`, and a quote inside an unquoted
 * field kept as it is; LF, CRLF or CR line ends; a leading BOM and blank lines left out; rows of
 * any length (the caller checks them against its header). A quote that never closes answers the
 * line of the record it opens in.
 */
export function parseCsv(text: string, options: { delimiter: string; quote: false }): CsvRecord[];
export function parseCsv(
  text: string,
  options?: { delimiter?: string },
): CsvRecord[] | { unclosedQuoteAt: number };
export function parseCsv(
  text: string,
  options: { delimiter?: string; quote?: false } = {},
): CsvRecord[] | { unclosedQuoteAt: number } {
  // Blank lines are kept by the parser so each record starts on the line after the previous one.
  const starts: number[] = [];
  let next = 1;
  try {
    const records = parse(text, {
      bom: true,
      delimiter: options.delimiter ?? ',',
      quote: options.quote === false ? false : '"',
      relax_quotes: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (fields, { lines }) => {
        starts.push(next);
        next = lines + 1;
        return fields;
      },
    });
    return records
      .map((fields, index) => ({ line: starts[index]!, fields }))
      .filter(({ fields }) => fields.length > 1 || fields[0]!.trim() !== '');
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      return { unclosedQuoteAt: next };
    }
    throw error;
  }
}

/**
 * A CSV a spreadsheet opens as written: UTF-8 with a byte-order mark (without it, Excel reads
 * "Depósito" as Windows-1252), commas and CRLF lines.
 */
export const CSV_BOM = '\uFEFF';

/**
 * One field: quoted when it holds a comma, a quote or a line break (quotes doubled). Free text
 * that starts like a formula (= + - @) gets a leading apostrophe so a spreadsheet shows it
 * instead of running it.
 */
export function csvField(value: string, { text = false } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of fields already written by `csvField`. */
export const csvRow = (fields: readonly string[]): string => `${fields.join(',')}\r\n`;

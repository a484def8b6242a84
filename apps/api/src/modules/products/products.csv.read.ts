import {
  interpolate,
  localizeIssue,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCT_IMPORT_MESSAGES,
  productSchema,
  skuKey,
  type Language,
  type PackageUnit,
  type ProductData,
  type ProductImportError,
  type ProductImportMessage,
} from '@despacho/domain';
import { parseCsv } from '../../platform/csv';
import { searchKey } from '../../platform/search';

/**
 * Reads a products CSV (`PRODUCT_CSV_COLUMNS`, headers in Spanish or English) into the products
 * it describes, each checked by the shared `productSchema`, and every problem as the row and
 * column a spreadsheet shows. Pure: what needs the database (vendors by name, SKUs already used)
 * comes in as arguments or is asked afterwards with `locate`.
 *
 * Rows are counted as records, the header being row 1. The rows of one handle must be
 * contiguous (the screen says so): a handle seen again after another is an error, so a typo
 * never merges two products silently.
 */

/** A column of the file: one of the template's, or `optionN_name`/`optionN_value` past the 3rd. */
type ColumnKey = string;

export interface ReadProduct {
  /** As written on its first row, to name it even when it is refused. */
  handle: string;
  name: string;
  /** The file row of each variant, in order; the first is the product's row. */
  rows: number[];
  /** For each option, the file row where each of its values first appears. */
  valueRows: number[][];
  /** Present when the schema accepted what the rows say. */
  data?: ProductData;
}

export interface ReadFile {
  rowsTotal: number;
  products: ReadProduct[];
  errors: ProductImportError[];
  /** The header as written, by column key; where `locate` finds a column's name. */
  headers: Map<ColumnKey, string>;
}

/** How the file's words are read for the enumerated columns (status, unit). */
export interface ReadContext {
  language: Language;
  /** The organization's unit, for rows that leave it blank. */
  defaultUnit: PackageUnit;
  /** Vendor ids by `vendorKey` of their name and of their code. */
  vendors: ReadonlyMap<string, string>;
}

/** How a vendor's name or code is looked up: case, accents and spacing do not matter. */
export const vendorKey = (text: string) => searchKey(text);

const message = (key: ProductImportMessage, language: Language, params?: Record<string, unknown>) =>
  interpolate(PRODUCT_IMPORT_MESSAGES[key][language], params);

const KNOWN = new Map<string, ColumnKey>(
  PRODUCT_CSV_COLUMNS.flatMap((column) => [
    [searchKey(column.es), column.key],
    [searchKey(column.en), column.key],
  ]),
);
const OPTION_HEADER = /^(?:opcion|option) ?(\d+) (nombre|name|valor|value)$/;

/** The column a header names, or undefined when it names none. */
function columnOf(header: string): ColumnKey | undefined {
  const key = searchKey(header);
  const known = KNOWN.get(key);
  if (known) return known;
  const option = OPTION_HEADER.exec(key);
  if (!option || Number(option[1]) < 1) return undefined;
  const part = option[2] === 'nombre' || option[2] === 'name' ? 'name' : 'value';
  return `option${Number(option[1])}_${part}`;
}

/** The export's formula guard undone: `'=x` reads as `=x` again (it is text, never run). */
const unquoteFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const STATUS_WORDS: Record<string, string> = {
  active: 'ACTIVE',
  activo: 'ACTIVE',
  publicado: 'ACTIVE',
  draft: 'DRAFT',
  borrador: 'DRAFT',
  archived: 'ARCHIVED',
  archivado: 'ARCHIVED',
};
const UNIT_WORDS: Record<string, PackageUnit> = { cmkg: 'cm_kg', inlb: 'in_lb' };

/** A measure: blank is absent, a number is read, anything else goes on for the schema to refuse. */
function measure(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The columns of a product the file fills, and the path the schema reports each under. */
const PRODUCT_FIELDS = [
  'name',
  'description',
  'compare_at_price',
  'brand',
  'model',
  'size',
  'use',
  'materials',
  'sat_product_code',
  'sat_unit_code',
  'tariff_code',
  'origin_country',
  'manufacture_country',
  'website',
] as const;
const VARIANT_TEXT = ['sku', 'barcode', 'price', 'cost'] as const;
const VARIANT_MEASURES = ['weight', 'length', 'width', 'height'] as const;
/** Schema fields whose column has another name. */
const COLUMN_OF_FIELD: Record<string, ColumnKey> = { vendor_id: 'vendor', unit: 'unit' };

interface Row {
  row: number;
  cell: (column: ColumnKey) => string;
}

export class ProductCsvReader {
  private readonly errors: ProductImportError[] = [];

  private constructor(
    private readonly context: ReadContext,
    private readonly headers: Map<ColumnKey, string>,
  ) {}

  /** Reads a whole file: its bytes as uploaded (a UTF-8 BOM is allowed). */
  static read(content: Buffer, context: ReadContext): ReadFile {
    const empty = (row: number, key: ProductImportMessage, params?: Record<string, unknown>) => ({
      rowsTotal: 0,
      products: [],
      errors: [{ row, column: null, message: message(key, context.language, params) }],
      headers: new Map<ColumnKey, string>(),
    });
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      return empty(1, 'encoding');
    }
    const records = parseCsv(text);
    if (!Array.isArray(records)) return empty(records.unclosedQuoteAt, 'quote');
    const [header, ...rest] = records;
    if (!header) return empty(1, 'empty');

    const headers = new Map<ColumnKey, string>();
    const unknown: string[] = [];
    const indexOf = new Map<ColumnKey, number>();
    header.fields.forEach((name, index) => {
      const column = columnOf(name);
      if (!column) {
        if (name.trim()) unknown.push(name.trim());
        return;
      }
      if (indexOf.has(column)) return;
      indexOf.set(column, index);
      headers.set(column, name.trim());
    });
    const missing = PRODUCT_CSV_COLUMNS.filter(
      (column) => (column.key === 'handle' || column.key === 'name') && !indexOf.has(column.key),
    ).map((column) => column[context.language]);
    const reader = new ProductCsvReader(context, headers);
    if (unknown.length) reader.fail(1, null, 'unknown_columns', { columns: unknown.join(', ') });
    if (missing.length) reader.fail(1, null, 'missing_columns', { columns: missing.join(', ') });
    if (rest.length > PRODUCT_IMPORT_MAX_ROWS) {
      reader.fail(PRODUCT_IMPORT_MAX_ROWS + 2, null, 'too_many_rows', {
        max: PRODUCT_IMPORT_MAX_ROWS.toLocaleString('es-MX'),
      });
    }
    if (rest.length === 0) reader.fail(1, null, 'empty');
    if (reader.errors.length) {
      return { rowsTotal: rest.length, products: [], errors: reader.errors, headers };
    }

    const rows: Row[] = rest.map((record, index) => ({
      row: index + 2,
      cell: (column) => {
        const at = indexOf.get(column);
        return at === undefined ? '' : unquoteFormula(record.fields[at] ?? '');
      },
    }));
    const products = reader.group(rows).map((group) => reader.product(group));
    reader.skusAcrossProducts(products);
    return {
      rowsTotal: rows.length,
      products,
      errors: sortErrors(reader.errors, headers),
      headers,
    };
  }

  private fail(
    row: number,
    column: ColumnKey | null,
    key: ProductImportMessage,
    params?: Record<string, unknown>,
  ) {
    this.errors.push({
      row,
      column: column && (this.headers.get(column) ?? null),
      message: message(key, this.context.language, params),
    });
  }

  /** Rows by handle, in the file's order; a handle's rows must be together. */
  private group(rows: Row[]): Row[][] {
    const groups: Row[][] = [];
    const firstRowOf = new Map<string, number>();
    let current: string | undefined;
    for (const row of rows) {
      const handle = row.cell('handle').trim();
      if (!handle) {
        this.errors.push({
          row: row.row,
          column: this.headers.get('handle') ?? null,
          message: localizeIssue({ message: 'required' }, this.context.language),
        });
        continue;
      }
      const key = handle.toLowerCase();
      if (key === current) {
        groups.at(-1)!.push(row);
        continue;
      }
      const seen = firstRowOf.get(key);
      if (seen !== undefined) {
        this.fail(row.row, 'handle', 'handle_apart', { handle, row: seen });
        continue;
      }
      firstRowOf.set(key, row.row);
      current = key;
      groups.push([row]);
    }
    return groups;
  }

  /** The optionN columns the file has, 1, 2, 3 and any beyond (refused by the schema). */
  private optionNumbers(): number[] {
    const numbers = new Set<number>();
    for (const column of this.headers.keys()) {
      const match = /^option(\d+)_/.exec(column);
      if (match) numbers.add(Number(match[1]));
    }
    return [...numbers].sort((a, b) => a - b);
  }

  /** One product from its rows: the first row's product fields, a variant per row. */
  private product(rows: Row[]): ReadProduct {
    const first = rows[0]!;
    const options: { name: string; values: string[] }[] = [];
    const valueRows: number[][] = [];
    const used: number[] = [];
    for (const number of this.optionNumbers()) {
      const name = first.cell(`option${number}_name`).trim();
      const values = rows.map((row) => row.cell(`option${number}_value`).trim());
      if (!name && values.every((value) => !value)) continue;
      const distinct: string[] = [];
      const at: number[] = [];
      values.forEach((value, index) => {
        if (!value || distinct.some((known) => searchKey(known) === searchKey(value))) return;
        distinct.push(value);
        at.push(rows[index]!.row);
      });
      used.push(number);
      options.push({ name, values: distinct });
      valueRows.push(at);
    }

    const vendor = first.cell('vendor').trim();
    const vendorId = vendor ? this.context.vendors.get(vendorKey(vendor)) : undefined;
    if (vendor && !vendorId) this.fail(first.row, 'vendor', 'vendor_unknown', { vendor });
    const status = first.cell('status').trim();
    const unit = first.cell('unit').trim();
    // Raw words go on as written (an unknown status, a text where a number goes): the schema
    // refuses them with its own message.
    const input = {
      ...Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, first.cell(field)])),
      name: first.cell('name'),
      handle: first.cell('handle'),
      vendor_id: vendorId,
      status: status ? (STATUS_WORDS[searchKey(status)] ?? status) : undefined,
      unit: unit
        ? (UNIT_WORDS[searchKey(unit).replace(/[^a-z]/g, '')] ?? unit)
        : this.context.defaultUnit,
      tags: first
        .cell('tags')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      options,
      variants: rows.map((row) => ({
        option_values: used.map((number) => row.cell(`option${number}_value`)),
        ...Object.fromEntries(VARIANT_TEXT.map((field) => [field, row.cell(field)])),
        ...Object.fromEntries(VARIANT_MEASURES.map((field) => [field, measure(row.cell(field))])),
      })),
    };
    const read: ReadProduct = {
      handle: first.cell('handle').trim(),
      name: first.cell('name').trim(),
      rows: rows.map((row) => row.row),
      valueRows,
    };
    const parsed = productSchema.safeParse(input);
    if (parsed.success) return { ...read, data: parsed.data };
    for (const issue of parsed.error.issues.map((issue) => onVariantRow(issue, input.variants))) {
      this.errors.push(
        errorAt(this.headers, read, issue.path, localizeIssue(issue, this.context.language)),
      );
    }
    return read;
  }

  /** A SKU is the organization's once: the same SKU on two products of the file is refused. */
  private skusAcrossProducts(products: ReadProduct[]) {
    const firstRow = new Map<string, number>();
    for (const product of products) {
      product.data?.variants.forEach((variant, index) => {
        if (!variant.sku) return;
        const row = product.rows[index]!;
        const seen = firstRow.get(skuKey(variant.sku));
        if (seen === undefined) firstRow.set(skuKey(variant.sku), row);
        else if (!product.rows.includes(seen)) this.fail(row, 'sku', 'sku_in_file', { row: seen });
      });
    }
  }
}

/**
 * A measure publishing needs is asked of the product when a variant lacks it; the file only has
 * the variants' measures, so the first row lacking it is where it is missing.
 */
function onVariantRow<T extends { path: PropertyKey[] }>(
  issue: T,
  variants: Record<string, unknown>[],
): T {
  const [field] = issue.path;
  if (issue.path.length !== 1 || !(VARIANT_MEASURES as readonly PropertyKey[]).includes(field!)) {
    return issue;
  }
  const index = variants.findIndex((variant) => variant[field as string] === undefined);
  return index < 0 ? issue : { ...issue, path: ['variants', index, field!] };
}

/** Errors in the file's order: by row, then by column as the header lists them. */
export function sortErrors(
  errors: ProductImportError[],
  headers: ReadonlyMap<ColumnKey, string>,
): ProductImportError[] {
  const order = new Map([...headers.values()].map((header, index) => [header, index]));
  const at = (error: ProductImportError) => (error.column ? (order.get(error.column) ?? -1) : -1);
  return errors.sort((a, b) => a.row - b.row || at(a) - at(b));
}

/**
 * An error about a product's field (from the schema or the database's checks) where the file
 * holds the value, the column named as the file's header writes it.
 */
export function errorAt(
  headers: ReadonlyMap<ColumnKey, string>,
  product: Pick<ReadProduct, 'rows' | 'valueRows'>,
  path: readonly PropertyKey[],
  message: string,
): ProductImportError {
  const options = [...headers.keys()].filter((column) => /^option\d+_name$/.test(column));
  const { row, column } = locate(product, path, options.at(-1) ?? 'option1_name');
  return { row, column: column && (headers.get(column) ?? null), message };
}

/**
 * Where a product's field lives in the file: the row (a variant's own, the row an option value
 * first appears on, else the product's first) and the column key, or null for the whole row.
 */
function locate(
  product: Pick<ReadProduct, 'rows' | 'valueRows'>,
  path: readonly PropertyKey[],
  lastOptionName: ColumnKey,
): { row: number; column: ColumnKey | null } {
  const [field, index, part, position] = path;
  const first = product.rows[0]!;
  if (field === 'variants' && typeof index === 'number') {
    const row = product.rows[index] ?? first;
    if (part === 'option_values') {
      return { row, column: `option${typeof position === 'number' ? position + 1 : 1}_value` };
    }
    return { row, column: typeof part === 'string' ? part : null };
  }
  if (field === 'options') {
    // Too many options: the last option's name is the one over the limit.
    if (typeof index !== 'number') return { row: first, column: lastOptionName };
    if (part === 'values' && typeof position === 'number') {
      return {
        row: product.valueRows[index]?.[position] ?? first,
        column: `option${index + 1}_value`,
      };
    }
    return { row: first, column: `option${index + 1}_${part === 'values' ? 'value' : 'name'}` };
  }
  if (typeof field !== 'string' || field === 'variants') return { row: first, column: null };
  return { row: first, column: COLUMN_OF_FIELD[field] ?? field };
}

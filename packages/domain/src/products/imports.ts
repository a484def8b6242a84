import type { Language } from '../language';
import { z } from '../validation';

/**
 * CSV import and export of products (`products`): one row per variant, columns in the manner of
 * Shopify's product CSV. Rows of one product share its `handle`; the product's own fields are
 * read from its first row. Headers may be written in Spanish or English; the export writes the
 * language of the request, UTF-8 with a BOM (Excel opens it with accents), and prefixes a quote to
 * any cell a spreadsheet would run as a formula.
 *
 * An import is checked whole first and writes nothing: each product of the file (its rows share
 * a handle) is to be created, updated (the organization has a product with its handle, else
 * one holding its SKUs), left unchanged (the file says what the product already is, so an
 * export imported again changes nothing) or refused, with every error (row, column, message).
 * Once the merchant confirms, one background job applies the products not refused, and the
 * screen follows its progress. A file that cannot be read at all (encoding, header) is `invalid`.
 */
export const PRODUCT_CSV_COLUMNS = [
  { key: 'handle', es: 'Identificador', en: 'Handle' },
  { key: 'name', es: 'Nombre', en: 'Title' },
  { key: 'description', es: 'Descripción (HTML)', en: 'Body (HTML)' },
  { key: 'vendor', es: 'Proveedor', en: 'Vendor' },
  { key: 'tags', es: 'Etiquetas', en: 'Tags' },
  { key: 'status', es: 'Estado', en: 'Status' },
  { key: 'option1_name', es: 'Opción1 Nombre', en: 'Option1 Name' },
  { key: 'option1_value', es: 'Opción1 Valor', en: 'Option1 Value' },
  { key: 'option2_name', es: 'Opción2 Nombre', en: 'Option2 Name' },
  { key: 'option2_value', es: 'Opción2 Valor', en: 'Option2 Value' },
  { key: 'option3_name', es: 'Opción3 Nombre', en: 'Option3 Name' },
  { key: 'option3_value', es: 'Opción3 Valor', en: 'Option3 Value' },
  { key: 'sku', es: 'SKU', en: 'Variant SKU' },
  { key: 'barcode', es: 'Código de barras', en: 'Variant Barcode' },
  { key: 'price', es: 'Precio', en: 'Variant Price' },
  { key: 'compare_at_price', es: 'Precio de comparación', en: 'Variant Compare At Price' },
  { key: 'cost', es: 'Costo', en: 'Cost per item' },
  { key: 'unit', es: 'Unidad de medida', en: 'Measure unit' },
  { key: 'weight', es: 'Peso', en: 'Variant Weight' },
  { key: 'length', es: 'Largo', en: 'Length' },
  { key: 'width', es: 'Ancho', en: 'Width' },
  { key: 'height', es: 'Alto', en: 'Height' },
  { key: 'sat_product_code', es: 'Clave producto SAT', en: 'SAT product key' },
  { key: 'sat_unit_code', es: 'Clave unidad SAT', en: 'SAT unit key' },
  { key: 'tariff_code', es: 'Fracción arancelaria', en: 'Tariff fraction' },
  { key: 'origin_country', es: 'País de origen', en: 'Country of origin' },
  { key: 'manufacture_country', es: 'País de fabricación', en: 'Country of manufacture' },
  { key: 'brand', es: 'Marca', en: 'Brand' },
  { key: 'model', es: 'Modelo', en: 'Model' },
  { key: 'size', es: 'Talla o tamaño', en: 'Size' },
  { key: 'use', es: 'Uso', en: 'Use' },
  { key: 'materials', es: 'Materiales', en: 'Materials' },
  { key: 'website', es: 'Sitio web', en: 'Website' },
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]['key'];

/** The header row in a language: the export's first line and the screen's template. */
export const productCsvHeader = (language: Language): string[] =>
  PRODUCT_CSV_COLUMNS.map((column) => column[language]);

/** Products the import job creates in one transaction. */
export const PRODUCT_IMPORT_CHUNK = 500;

/**
 * What an import says about the file as a whole or about a row, beside the fields' validation
 * messages (`validation.ts`) and the products' error codes.
 */
export const PRODUCT_IMPORT_MESSAGES = {
  encoding: {
    es: 'El archivo no está en UTF-8. Guárdalo como «CSV UTF-8» y vuelve a subirlo.',
    en: 'The file is not UTF-8. Save it as "CSV UTF-8" and upload it again.',
  },
  quote: {
    es: 'Unas comillas abiertas en esta fila no se cierran.',
    en: 'A quote opened in this row is never closed.',
  },
  empty: { es: 'El archivo no tiene productos.', en: 'The file has no products.' },
  too_many_rows: {
    es: 'El archivo tiene más de {max} filas; divídelo en partes.',
    en: 'The file has more than {max} rows; split it into parts.',
  },
  missing_columns: {
    es: 'Faltan columnas en el encabezado: {columns}.',
    en: 'The header is missing columns: {columns}.',
  },
  unknown_columns: {
    es: 'Columnas desconocidas: {columns}. Usa los encabezados de la plantilla.',
    en: 'Unknown columns: {columns}. Use the template’s headers.',
  },
  handle_apart: {
    es: 'Las filas del identificador «{handle}» deben ir juntas; ya apareció en la fila {row}.',
    en: 'The rows of handle "{handle}" must be together; it already appeared on row {row}.',
  },
  vendor_unknown: {
    es: 'No hay un proveedor con el nombre o código «{vendor}».',
    en: 'There is no vendor named or coded "{vendor}".',
  },
  sku_in_file: {
    es: 'Este SKU ya está en la fila {row} del archivo.',
    en: 'This SKU is already on row {row} of the file.',
  },
  failed: {
    es: 'La importación se detuvo: {error} Los primeros {done} productos sí se guardaron.',
    en: 'The import stopped: {error} The first {done} products were saved.',
  },
  sku_elsewhere: {
    es: 'Los SKU de este producto son de productos distintos; deja en el archivo los de uno solo.',
    en: 'The SKUs of this product belong to different products; keep those of one only in the file.',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type ProductImportMessage = keyof typeof PRODUCT_IMPORT_MESSAGES;

/** Rows one file may hold. */
export const PRODUCT_IMPORT_MAX_ROWS = 20_000;
/** Errors an import answers in full; beyond them it says how many more there are. */
export const PRODUCT_IMPORT_ERRORS_SHOWN = 200;
/** Bytes of the CSV file. */
export const PRODUCT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Products listed one by one in an import's answer; beyond them it says how many more. */
export const PRODUCT_IMPORT_ROWS_SHOWN = 500;

/**
 * `checked`: the file was read and waits for the merchant's confirmation (`apply`); `invalid`:
 * it could not be read, nothing can be applied.
 */
export const PRODUCT_IMPORT_STATUSES = [
  'invalid',
  'checked',
  'queued',
  'running',
  'done',
  'failed',
] as const;
export type ProductImportStatus = (typeof PRODUCT_IMPORT_STATUSES)[number];

export const productImportParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

export const productImportErrorSchema = z.object({
  /** The row of the file, counting the header as row 1 (as a spreadsheet shows it). */
  row: z.number().int(),
  /** The column's header as the file wrote it, or null for the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ProductImportError = z.infer<typeof productImportErrorSchema>;

/** What the import does (`checked`) or did (`done`) with a product of the file. */
export const PRODUCT_IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'refused'] as const;
export type ProductImportOutcome = (typeof PRODUCT_IMPORT_OUTCOMES)[number];

export const productImportRowSchema = z.object({
  /** The product's first row in the file. */
  row: z.number().int(),
  handle: z.string(),
  name: z.string(),
  outcome: z.enum(PRODUCT_IMPORT_OUTCOMES),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

export const productImportSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type ProductImportSummary = z.infer<typeof productImportSummarySchema>;

export const productImportViewSchema = z.object({
  id: z.string(),
  status: z.enum(PRODUCT_IMPORT_STATUSES),
  file_name: z.string(),
  rows_total: z.number().int(),
  /** Products in the file, and how many the job has gone through so far. */
  products_total: z.number().int(),
  products_done: z.number().int(),
  /** How many products are (to be) created, updated, left unchanged and refused. */
  summary: productImportSummarySchema,
  /** Each product with its outcome, in the file's order, the first `PRODUCT_IMPORT_ROWS_SHOWN`. */
  rows: z.array(productImportRowSchema),
  rows_more: z.number().int(),
  errors: z.array(productImportErrorSchema),
  /** Errors beyond those listed. */
  errors_more: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ProductImportView = z.infer<typeof productImportViewSchema>;

import {
  PRODUCT_CSV_COLUMNS,
  productCsvHeader,
  type Language,
  type ProductCsvColumn,
} from '@despacho/domain';
import { csvField, csvRow } from '../../platform/csv';

type Cells = Partial<Record<ProductCsvColumn, string>>;

/** A products CSV from rows given by column (missing cells blank), UTF-8 with a BOM. */
export function csvOf(rows: Cells[], language: Language = 'es'): Buffer {
  const lines = [
    csvRow(productCsvHeader(language).map((name) => csvField(name))),
    ...rows.map((row) => csvRow(PRODUCT_CSV_COLUMNS.map(({ key }) => csvField(row[key] ?? '')))),
  ];
  return Buffer.from(`\uFEFF${lines.join('')}`);
}

/** A variant's row: its SKU, a price, weight and dimensions. */
export const variantRow = (handle: string, sku: string, extra: Cells = {}): Cells => ({
  handle,
  sku,
  price: '249.90',
  weight: '0.25',
  length: '30',
  width: '20',
  height: '2',
  ...extra,
});

/** A publishable product's first row: name, status, SAT keys and its first variant. */
export const publishableRow = (handle: string, name: string, sku: string): Cells => ({
  ...variantRow(handle, sku),
  name,
  status: 'Publicado',
  sat_product_code: '53103000',
  sat_unit_code: 'H87',
});

/**
 * `products` publishable products with `variants` variants each (one row per variant, option
 * Talla), SKUs `${prefix}-<product>-<variant>`: what the import's tests and the benchmark load
 * (`productsCsv({ products: 5000, variants: 2 })` is a 10,000-row file).
 */
export function productsCsv({
  products,
  variants = 1,
  prefix = 'GEN',
  language = 'es',
}: {
  products: number;
  variants?: number;
  prefix?: string;
  language?: Language;
}): Buffer {
  const rows: Cells[] = [];
  // Handles of the prefix: another file's products are not this one's to update.
  const handle = (p: number) => `${prefix.toLowerCase()}-${p}`;
  for (let p = 1; p <= products; p += 1) {
    for (let v = 1; v <= variants; v += 1) {
      const own = variantRow(handle(p), `${prefix}-${p}-${v}`, {
        price: `${100 + (p % 900)}.${String(v % 100).padStart(2, '0')}`,
        ...(variants > 1 && { option1_value: `T${v}` }),
      });
      rows.push(
        v > 1
          ? own
          : {
              ...publishableRow(handle(p), `Producto ${p}`, own.sku!),
              ...own,
              description: `<p>Descripción del producto ${p}</p>`,
              tags: 'generado, prueba',
              tariff_code: '6109100100',
              origin_country: 'MEX',
              ...(variants > 1 && { option1_name: 'Talla' }),
            },
      );
    }
  }
  return csvOf(rows, language);
}

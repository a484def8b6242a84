import {
  centavosToPesos,
  productCsvHeader,
  PRODUCT_CSV_COLUMNS,
  type Language,
  type PackageUnit,
  type ProductCsvColumn,
  type ProductStatus,
  type ProductView,
} from '@despacho/domain';
import { csvField, csvRow } from '../../platform/csv';

/**
 * The products export: one row per variant, in the manner of Shopify's CSV. The product's own
 * fields are written on its first row only; the rows after it carry the handle, the option values
 * and the variant's fields. A variant's measures and cost are what it uses (its own, else the
 * product's), so the import puts them on each variant. Every text cell is formula-safe.
 */

const STATUS_WORDS: Record<Language, Record<ProductStatus, string>> = {
  es: { ACTIVE: 'Publicado', DRAFT: 'Borrador', ARCHIVED: 'Archivado' },
  en: { ACTIVE: 'Active', DRAFT: 'Draft', ARCHIVED: 'Archived' },
};
const UNIT_WORDS: Record<PackageUnit, string> = { cm_kg: 'cm/kg', in_lb: 'in/lb' };

export const productCsvHeaderLine = (language: Language) =>
  csvRow(productCsvHeader(language).map((name) => csvField(name)));

const amount = (centavos: number | null | undefined) =>
  centavos == null ? '' : centavosToPesos(centavos);
const number = (value: number | null | undefined) => (value == null ? '' : String(value));

/**
 * Writes products as CSV lines. Handles are made from names, unique within one export (a second
 * "Playera" is "playera-2"), so the import groups each product's rows apart.
 */
export class ProductCsvWriter {
  constructor(private readonly language: Language) {}

  lines(product: ProductView): string {
    const { handle } = product;
    const productCells: Partial<Record<ProductCsvColumn, string>> = {
      name: product.name,
      description: product.description ?? '',
      vendor: product.vendor?.name ?? '',
      tags: product.tags.join(', '),
      status: STATUS_WORDS[this.language][product.status],
      compare_at_price: amount(product.compare_at_price),
      unit: UNIT_WORDS[product.unit],
      sat_product_code: product.sat_product_code ?? '',
      sat_unit_code: product.sat_unit_code ?? '',
      tariff_code: product.tariff_code ?? '',
      origin_country: product.origin_country ?? '',
      manufacture_country: product.manufacture_country ?? '',
      brand: product.brand ?? '',
      model: product.model ?? '',
      size: product.size ?? '',
      use: product.use ?? '',
      materials: product.materials ?? '',
      website: product.website ?? '',
    };
    return product.variants
      .map((variant, index) => {
        const cells: Partial<Record<ProductCsvColumn, string>> = {
          ...(index === 0 ? productCells : {}),
          handle,
          sku: variant.sku ?? '',
          barcode: variant.barcode ?? '',
          price: amount(variant.price),
          cost: amount(variant.cost ?? product.cost),
          weight: number(variant.weight ?? product.weight),
          length: number(variant.length ?? product.length),
          width: number(variant.width ?? product.width),
          height: number(variant.height ?? product.height),
        };
        product.options.forEach((option, position) => {
          const column = `option${position + 1}` as 'option1' | 'option2' | 'option3';
          if (index === 0) cells[`${column}_name`] = option.name;
          cells[`${column}_value`] = variant.option_values[position] ?? '';
        });
        return csvRow(
          PRODUCT_CSV_COLUMNS.map(({ key }) => csvField(cells[key] ?? '', { text: true })),
        );
      })
      .join('');
  }
}

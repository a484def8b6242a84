/**
 * Products (spec §3, §4, §5): the catalogue's limits and the pure rules both sides apply.
 *
 * A product has up to 3 options (spec §5: "at most 3 variant properties"), each with its values;
 * its variants are the combinations the merchant keeps, up to 100. A product without options has
 * one default variant. Money is integer centavos.
 */
export const PRODUCT_STATUSES = ['ACTIVE', 'DRAFT', 'ARCHIVED'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Spec §4 "Tariff status". The classification service moves a product through them. */
export const TARIFF_STATUSES = [
  'UNCLASSIFIED',
  'IN_CLASSIFICATION',
  'PROCESS_CLASSIFICATION',
  'IN_REVIEW',
  'CLASSIFIED',
  'NOT_CLASSIFIABLE',
  'REJECT',
] as const;
export type TariffStatus = (typeof TARIFF_STATUSES)[number];

/** Our limits where the spec leaves them open (image count and size, §5). */
export const PRODUCT_RULES = {
  nameMax: 200,
  /** Characters of the description's HTML as sent. */
  descriptionMax: 20_000,
  tagsMax: 30,
  tagMax: 40,
  optionsMax: 3,
  optionNameMax: 30,
  optionValuesMax: 50,
  optionValueMax: 50,
  variantsMax: 100,
  skuMax: 64,
  barcodeMax: 48,
  textMax: 100,
  imagesMax: 10,
  imageMaxBytes: 5 * 1024 * 1024,
  datasheetMaxBytes: 1024 * 1024,
  /** $9,999,999.99 */
  priceMaxCentavos: 999_999_999,
  collectionNameMax: 100,
  collectionDescriptionMax: 2000,
  /** Products one bulk action takes. */
  bulkMax: 500,
} as const;

export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
/** EAN/UPC/GTIN digits or a Code 128 text of letters, digits and dashes. */
export const BARCODE_PATTERN = /^[A-Za-z0-9-]+$/;

/** SKUs are unique per organization regardless of case: the key they are compared by. */
export const skuKey = (sku: string): string => sku.trim().toLowerCase();

export interface ProductOption {
  name: string;
  values: string[];
}

/**
 * Every combination of the options' values, in the order the options and their values are
 * listed ("Rojo / S", "Rojo / M", "Azul / S"…). No options: one combination with no values, the
 * default variant.
 */
export function variantCombinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) =>
      combinations.flatMap((prefix) => option.values.map((value) => [...prefix, value])),
    [[]],
  );
}

/** How a variant is named on screens and in the CSV: its values joined, or null for the default. */
export const variantTitle = (optionValues: readonly string[]): string | null =>
  optionValues.length ? optionValues.join(' / ') : null;

/** Compares option values and names the way duplicates are found: trimmed, case-insensitive. */
export const optionKey = (value: string): string => value.trim().toLocaleLowerCase('es-MX');

export interface PublishableVariant {
  sku?: string | null;
  price?: number | null;
  weight?: number | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
}

export interface PublishableProduct {
  weight?: number | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  sat_product_code?: string | null;
  sat_unit_code?: string | null;
  variants: readonly PublishableVariant[];
}

/** A field a product needs before it is published, with its path in the product form. */
export interface MissingField {
  path: (string | number)[];
}

const MEASURES = ['weight', 'length', 'width', 'height'] as const;

/**
 * What a product lacks to be ACTIVE ("Publicado"): the waybill's SAT keys (spec §5: product type
 * and unit keys are required for the waybill), and for every variant its SKU, a price, and a
 * weight and dimensions of its own or the product's. A DRAFT may lack any of them; the list is
 * what the screen shows as incomplete.
 */
export function missingToPublish(product: PublishableProduct): MissingField[] {
  const missing: MissingField[] = [];
  if (!product.sat_product_code) missing.push({ path: ['sat_product_code'] });
  if (!product.sat_unit_code) missing.push({ path: ['sat_unit_code'] });
  // A measure the product leaves out must come from every variant; else the product's is asked.
  for (const measure of MEASURES) {
    if (product[measure] == null && product.variants.some((variant) => variant[measure] == null)) {
      missing.push({ path: [measure] });
    }
  }
  product.variants.forEach((variant, index) => {
    if (!variant.sku) missing.push({ path: ['variants', index, 'sku'] });
    if (!variant.price) missing.push({ path: ['variants', index, 'price'] });
  });
  return missing;
}

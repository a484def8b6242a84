import {
  missingToPublish,
  productDatasheetUrl,
  productImageUrl,
  variantTitle,
  type ProductData,
  type ProductImageView,
  type ProductView,
  type TariffStatus,
} from '@despacho/domain';
import type { StoredFile } from '../../platform/files';
import { sanitizeDescription } from './products.description';
import type {
  ImageRow,
  ProductInsert,
  ProductRow,
  VariantInsert,
  VariantRow,
} from './products.repository';
import { productSearchText } from './products.search';

/**
 * The classification service (modules/classification) owns a product in these states, a
 * rejected one too until the merchant resubmits it: a save of the product leaves them.
 */
const IN_CLASSIFICATION: readonly TariffStatus[] = [
  'IN_CLASSIFICATION',
  'PROCESS_CLASSIFICATION',
  'IN_REVIEW',
  'REJECT',
];

/**
 * The tariff status a save leaves: CLASSIFIED with the 10 digits checked against SAT's
 * catalogue (`catalogueLoaded`: a code it does not hold is refused before), UNCLASSIFIED with
 * 8, none, or 10 that no catalogue checked; untouched while the classification service is
 * working on it.
 */
export function tariffStatusAfter(
  data: ProductData,
  catalogueLoaded: boolean,
  current?: TariffStatus,
): TariffStatus {
  if (current && IN_CLASSIFICATION.includes(current)) return current;
  return data.tariff_code?.complete && catalogueLoaded ? 'CLASSIFIED' : 'UNCLASSIFIED';
}

/** The columns of a product as saved, except its keys, handle, status and times. */
export function productValues(data: ProductData, handle: string) {
  return {
    name: data.name,
    description: sanitizeDescription(data.description),
    status: data.status,
    vendorId: data.vendor_id ?? null,
    tags: data.tags,
    costCentavos: data.cost ?? null,
    compareAtCentavos: data.compare_at_price ?? null,
    unit: data.unit,
    weight: data.weight ?? null,
    length: data.length ?? null,
    width: data.width ?? null,
    height: data.height ?? null,
    brand: data.brand ?? null,
    model: data.model ?? null,
    size: data.size ?? null,
    use: data.use ?? null,
    materials: data.materials ?? null,
    satUnitCode: data.sat_unit_code ?? null,
    satProductCode: data.sat_product_code ?? null,
    originCountry: data.origin_country ?? null,
    manufactureCountry: data.manufacture_country ?? null,
    website: data.website ?? null,
    datasheetFileId: data.datasheet_file_id ?? null,
    tariffFraction: data.tariff_code?.fraction ?? null,
    tariffNico: data.tariff_code?.nico ?? null,
    options: data.options,
    searchText: productSearchText({ ...data, handle }),
  } satisfies Partial<ProductInsert>;
}

export function variantValues(variant: ProductData['variants'][number], position: number) {
  return {
    position,
    optionValues: variant.option_values,
    sku: variant.sku ?? null,
    barcode: variant.barcode ?? null,
    priceCentavos: variant.price ?? null,
    costCentavos: variant.cost ?? null,
    weight: variant.weight ?? null,
    length: variant.length ?? null,
    width: variant.width ?? null,
    height: variant.height ?? null,
  } satisfies Partial<VariantInsert>;
}

export function imageView(row: ImageRow): ProductImageView {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    url: productImageUrl(row.id),
    thumbnail_url: productImageUrl(row.id, 'thumbnail'),
  };
}

export function datasheetView(file: StoredFile) {
  return {
    file_id: file.id,
    name: file.originalName,
    bytes: file.size,
    url: productDatasheetUrl(file.id),
  };
}

/** Rows of several products, by product id, in their order. */
export function byProduct<T extends { productId: string | null }>(rows: readonly T[]) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    if (row.productId) groups.set(row.productId, [...(groups.get(row.productId) ?? []), row]);
  }
  return groups;
}

/** What a product's view gathers besides its row. */
export interface ProductParts {
  variants: VariantRow[];
  images: ImageRow[];
  collections: { id: string; name: string }[];
  vendorName: string | null;
  datasheet: StoredFile | null;
}

export function productView(row: ProductRow, parts: ProductParts): ProductView {
  const variants = parts.variants.map((variant) => ({
    id: variant.id,
    option_values: variant.optionValues,
    title: variantTitle(variant.optionValues),
    sku: variant.sku,
    barcode: variant.barcode,
    price: variant.priceCentavos,
    cost: variant.costCentavos,
    weight: variant.weight,
    length: variant.length,
    width: variant.width,
    height: variant.height,
  }));
  const view = {
    id: row.id,
    handle: row.handle,
    name: row.name,
    description: row.description,
    status: row.status,
    tariff_status: row.tariffStatus,
    vendor: row.vendorId ? { id: row.vendorId, name: parts.vendorName ?? '' } : null,
    tags: row.tags,
    cost: row.costCentavos,
    compare_at_price: row.compareAtCentavos,
    unit: row.unit,
    weight: row.weight,
    length: row.length,
    width: row.width,
    height: row.height,
    brand: row.brand,
    model: row.model,
    size: row.size,
    use: row.use,
    materials: row.materials,
    sat_unit_code: row.satUnitCode,
    sat_product_code: row.satProductCode,
    origin_country: row.originCountry,
    manufacture_country: row.manufactureCountry,
    website: row.website,
    datasheet: parts.datasheet ? datasheetView(parts.datasheet) : null,
    tariff_code: row.tariffFraction ? row.tariffFraction + (row.tariffNico ?? '') : null,
    options: row.options,
    variants,
    images: parts.images.map(imageView),
    collections: parts.collections,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  return {
    ...view,
    missing: missingToPublish(view).map((field) => field.path),
  };
}

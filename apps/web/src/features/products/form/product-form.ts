import {
  centavosToPesos,
  optionKey,
  variantCombinations,
  type PackageUnit,
  type ProductInput,
  type ProductView,
  type ProductVariantInput,
} from '@despacho/domain';
import type { ProductPrefill } from '../../../lib/product-prefill';

/** What the product form holds: the shared schema's input (prices as typed pesos). */
export type ProductFormValues = ProductInput;

/** Centavos as the pesos the price inputs show ("249.90"); blank when there is none. */
export const pesosText = (centavos: number | null): string =>
  centavos === null ? '' : centavosToPesos(centavos);

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined;

/**
 * A new product: a draft with its one default variant, in the organization's default unit,
 * starting from `prefill` when it comes from somewhere (an order's unmapped line).
 */
export const emptyProduct = (
  unit: PackageUnit,
  prefill: ProductPrefill = {},
): ProductFormValues => ({
  name: prefill.name ?? '',
  description: '',
  status: 'DRAFT',
  tags: [],
  cost: '',
  compare_at_price: '',
  unit,
  options: [],
  variants: [
    {
      option_values: [],
      sku: prefill.sku ?? '',
      barcode: '',
      price: prefill.price ?? '',
      cost: '',
    },
  ],
  image_ids: [],
  collection_ids: [],
});

/** A saved product as the form's values. */
export function formValuesOf(product: ProductView): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    status: product.status,
    vendor_id: product.vendor?.id,
    tags: product.tags,
    cost: pesosText(product.cost),
    compare_at_price: pesosText(product.compare_at_price),
    unit: product.unit,
    weight: orUndefined(product.weight),
    length: orUndefined(product.length),
    width: orUndefined(product.width),
    height: orUndefined(product.height),
    brand: product.brand ?? '',
    model: product.model ?? '',
    size: product.size ?? '',
    use: product.use ?? '',
    materials: product.materials ?? '',
    sat_unit_code: product.sat_unit_code ?? '',
    sat_product_code: product.sat_product_code ?? '',
    origin_country: orUndefined(product.origin_country),
    manufacture_country: orUndefined(product.manufacture_country),
    website: product.website ?? '',
    datasheet_file_id: product.datasheet?.file_id,
    tariff_code: product.tariff_code ?? '',
    options: product.options,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      option_values: variant.option_values,
      sku: variant.sku ?? '',
      barcode: variant.barcode ?? '',
      price: pesosText(variant.price),
      cost: pesosText(variant.cost),
      weight: orUndefined(variant.weight),
      length: orUndefined(variant.length),
      width: orUndefined(variant.width),
      height: orUndefined(variant.height),
    })),
    image_ids: product.images.map((image) => image.id),
    collection_ids: product.collections.map((collection) => collection.id),
  };
}

const combinationKey = (values: readonly string[]) => values.map(optionKey).join('\u0000');

/**
 * The variants the options give: one per combination of their values, in order. A variant that
 * already has a combination keeps its data and id (stock and orders stay linked to it); the
 * others start blank. Options without a name or values are left out until they have both.
 */
export function generateVariants(
  options: ProductFormValues['options'] = [],
  current: readonly ProductVariantInput[],
): ProductVariantInput[] {
  const complete = options.filter((option) => option.name.trim() && option.values.length > 0);
  const existing = new Map(
    current.map((variant) => [combinationKey(variant.option_values ?? []), variant]),
  );
  return variantCombinations(complete).map(
    (combination) =>
      existing.get(combinationKey(combination)) ?? {
        option_values: combination,
        sku: '',
        barcode: '',
        price: '',
        cost: '',
      },
  );
}

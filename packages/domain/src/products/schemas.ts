import { optionalText, requiredText } from '../fields';
import {
  PACKAGE_UNITS,
  dimensionField,
  satProductCodeField,
  weightField,
} from '../packages/schemas';
import { paginationQuerySchema } from '../pagination';
import { isSatUnitCode } from '../shipments/sat-units';
import { tariffCodeSchema } from '../catalogs/tariff';
import { z } from '../validation';
import { pesosField } from '../wallet/deposits';
import {
  BARCODE_PATTERN,
  missingToPublish,
  optionKey,
  PRODUCT_RULES,
  PRODUCT_STATUSES,
  SKU_PATTERN,
  skuKey,
  TARIFF_STATUSES,
} from './rules';

/**
 * Products (`products`, `products/create`, `products/edit/{id}`): what the merchant sells. The
 * form sends the whole product (PUT replaces it): its options, the variants it keeps (an `id`
 * keeps an existing variant, so stock and orders that name it stay linked) and the ids of the
 * images and data sheet uploaded beforehand (`uploadImage`, `uploadDatasheet`).
 */

/** An amount in pesos ("249.90") answered as centavos; blank reads as absent. */
const optionalPrice = optionalText(20).pipe(
  pesosField(PRODUCT_RULES.priceMaxCentavos, 'max_price').optional(),
);

/** c_ClaveUnidad: 2 or 3 letters or digits (H87 pieza, KGM kilogramo). */
export const satUnitCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isSatUnitCode, { error: 'sat_unit_code' });

/**
 * A SAT c_Pais code: three capital letters (MEX, USA, CHN). The API also checks it is one of the
 * catalogue's (ISO 3166 alpha-3, plus ZZZ "otro").
 */
export const countryCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'country_code' });

/** The product's page: a web address (http or https), never a script or a file. */
const websiteField = z.url({ protocol: /^https?$/, error: 'url' });

export const skuField = z
  .string()
  .trim()
  .max(PRODUCT_RULES.skuMax)
  .regex(SKU_PATTERN, { error: 'sku_format' });

export const barcodeField = z
  .string()
  .trim()
  .max(PRODUCT_RULES.barcodeMax)
  .regex(BARCODE_PATTERN, { error: 'barcode_format' });

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    blankToUndefined,
    field.nullish().transform((v) => v ?? undefined),
  );

export const productOptionSchema = z
  .object({
    name: requiredText(PRODUCT_RULES.optionNameMax),
    values: z
      .array(requiredText(PRODUCT_RULES.optionValueMax))
      .min(1, { error: 'at_least_one' })
      .max(PRODUCT_RULES.optionValuesMax),
  })
  .superRefine((option, context) => {
    const seen = new Set<string>();
    option.values.forEach((value, index) => {
      if (seen.has(optionKey(value))) {
        context.addIssue({ code: 'custom', message: 'no_duplicates', path: ['values', index] });
      }
      seen.add(optionKey(value));
    });
  });
export type ProductOptionInput = z.input<typeof productOptionSchema>;

export const productVariantSchema = z.object({
  /** An existing variant of this product, kept; absent for a new one. */
  id: z.uuid({ error: 'invalid' }).optional(),
  /** One value per option, in the options' order; empty for the default variant. */
  option_values: z.array(z.string().trim().max(PRODUCT_RULES.optionValueMax)).max(3).default([]),
  sku: optional(skuField),
  barcode: optional(barcodeField),
  price: optionalPrice,
  cost: optionalPrice,
  weight: optional(weightField),
  length: optional(dimensionField),
  width: optional(dimensionField),
  height: optional(dimensionField),
});
export type ProductVariantInput = z.input<typeof productVariantSchema>;

const tagField = requiredText(PRODUCT_RULES.tagMax);

/** A product's URL key ("playera-basica"): lower-case letters and digits joined by dashes. */
export const handleField = z
  .string()
  .trim()
  .toLowerCase()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'handle_format' });

const productFields = z.object({
  name: requiredText(PRODUCT_RULES.nameMax),
  /**
   * Wished on creation (the CSV's handle); absent, the name suggests it. Taken, it gets "-2",
   * "-3"… A product keeps its handle afterwards.
   */
  handle: optional(handleField),
  /** Rich text (HTML); the API keeps only safe tags and attributes. */
  description: optionalText(PRODUCT_RULES.descriptionMax),
  status: z.enum(PRODUCT_STATUSES, { error: 'one_of' }).default('DRAFT'),
  vendor_id: optional(z.uuid({ error: 'invalid' })),
  tags: z.array(tagField).max(PRODUCT_RULES.tagsMax).default([]),
  cost: optionalPrice,
  compare_at_price: optionalPrice,
  /** cm and kg, or in and lb; a new product starts with the organization's default unit. */
  unit: z.enum(PACKAGE_UNITS, { error: 'one_of' }),
  weight: optional(weightField),
  length: optional(dimensionField),
  width: optional(dimensionField),
  height: optional(dimensionField),
  brand: optionalText(PRODUCT_RULES.textMax),
  model: optionalText(PRODUCT_RULES.textMax),
  size: optionalText(PRODUCT_RULES.textMax),
  use: optionalText(PRODUCT_RULES.textMax),
  materials: optionalText(PRODUCT_RULES.textMax),
  sat_unit_code: optional(satUnitCodeField),
  sat_product_code: optional(satProductCodeField),
  origin_country: optional(countryCodeField),
  manufacture_country: optional(countryCodeField),
  website: optional(websiteField),
  /** A PDF uploaded with `uploadDatasheet`. */
  datasheet_file_id: optional(z.uuid({ error: 'invalid' })),
  /** The fracción arancelaria, 8 digits (partial) or 10 with the NICO. */
  tariff_code: optional(tariffCodeSchema),
  options: z
    .array(productOptionSchema)
    .max(PRODUCT_RULES.optionsMax, { error: 'options_max' })
    .default([]),
  variants: z
    .array(productVariantSchema)
    .min(1, { error: 'at_least_one' })
    .max(PRODUCT_RULES.variantsMax, { error: 'variants_max' }),
  /** Images uploaded with `uploadImage`, in order: the first is the cover. */
  image_ids: z
    .array(z.uuid({ error: 'invalid' }))
    .max(PRODUCT_RULES.imagesMax, { error: 'images_max' })
    .default([]),
  collection_ids: z
    .array(z.uuid({ error: 'invalid' }))
    .max(50)
    .default([]),
});

type ProductFields = z.infer<typeof productFields>;

/** The cross-field rules of a product: options vs variants, duplicates, what publishing needs. */
function checkProduct(product: ProductFields, context: z.RefinementCtx) {
  const issue = (message: string, path: (string | number)[]) =>
    context.addIssue({ code: 'custom', message, path });

  const optionNames = new Set<string>();
  product.options.forEach((option, index) => {
    if (optionNames.has(optionKey(option.name))) issue('no_duplicates', ['options', index, 'name']);
    optionNames.add(optionKey(option.name));
  });

  const combinations = new Set<string>();
  const skus = new Set<string>();
  product.variants.forEach((variant, index) => {
    if (variant.option_values.length !== product.options.length) {
      issue('variant_options', ['variants', index, 'option_values']);
    } else {
      variant.option_values.forEach((value, position) => {
        const known = product.options[position]!.values.some(
          (v) => optionKey(v) === optionKey(value),
        );
        if (!known) issue('variant_options', ['variants', index, 'option_values', position]);
      });
      const combination = variant.option_values.map(optionKey).join('\u0000');
      if (combinations.has(combination))
        issue('variant_duplicate', ['variants', index, 'option_values']);
      combinations.add(combination);
    }
    if (variant.sku) {
      if (skus.has(skuKey(variant.sku))) issue('sku_duplicate', ['variants', index, 'sku']);
      skus.add(skuKey(variant.sku));
    }
  });

  if (new Set(product.image_ids).size !== product.image_ids.length)
    issue('no_duplicates', ['image_ids']);
  const tags = product.tags.map(optionKey);
  if (new Set(tags).size !== tags.length) issue('no_duplicates', ['tags']);

  if (product.status === 'ACTIVE') {
    for (const { path } of missingToPublish(product)) issue('required_to_publish', path);
  }
}

export const productSchema = productFields.superRefine(checkProduct);
export type ProductInput = z.input<typeof productSchema>;
export type ProductData = z.infer<typeof productSchema>;

export const productParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
export const productImageParamsSchema = z.object({ imageId: z.uuid({ error: 'invalid' }) });
export const productFileParamsSchema = z.object({ fileId: z.uuid({ error: 'invalid' }) });

export const PRODUCT_SORTS = [
  '-updated_at',
  'updated_at',
  '-created_at',
  'created_at',
  'name',
  '-name',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const productsQuerySchema = paginationQuerySchema.extend({
  /** Name, SKU, barcode or tag; accents and case do not matter. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(PRODUCT_STATUSES, { error: 'one_of' }).optional(),
  vendor_id: z.uuid({ error: 'invalid' }).optional(),
  collection_id: z.uuid({ error: 'invalid' }).optional(),
  tag: z.string().trim().max(PRODUCT_RULES.tagMax).optional(),
  tariff_status: z.enum(TARIFF_STATUSES, { error: 'one_of' }).optional(),
  sort: z.enum(PRODUCT_SORTS, { error: 'one_of' }).default('-updated_at'),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const PRODUCT_BULK_ACTIONS = ['archive', 'publish', 'add_to_collection', 'delete'] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];

export const productBulkSchema = z
  .object({
    action: z.enum(PRODUCT_BULK_ACTIONS, { error: 'one_of' }),
    ids: z
      .array(z.uuid({ error: 'invalid' }))
      .min(1, { error: 'at_least_one' })
      .max(PRODUCT_RULES.bulkMax),
    collection_id: z.uuid({ error: 'invalid' }).optional(),
  })
  .refine((bulk) => bulk.action !== 'add_to_collection' || bulk.collection_id, {
    error: 'required',
    path: ['collection_id'],
  });
export type ProductBulkInput = z.infer<typeof productBulkSchema>;

/** What a bulk action did: the products changed, and each one refused with its error code. */
export const productBulkResultSchema = z.object({
  data: z.object({
    done: z.array(z.string()),
    refused: z.array(
      z.object({ id: z.string(), name: z.string(), code: z.string(), message: z.string() }),
    ),
  }),
});
export type ProductBulkResult = z.infer<typeof productBulkResultSchema>['data'];

export const productImageViewSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Paths of the 1200 px version and the 320 px thumbnail (WebP). */
  url: z.string(),
  thumbnail_url: z.string(),
});
export type ProductImageView = z.infer<typeof productImageViewSchema>;

export const productDatasheetViewSchema = z.object({
  file_id: z.string(),
  name: z.string(),
  bytes: z.number().int(),
  url: z.string(),
});

export const productVariantViewSchema = z.object({
  id: z.string(),
  option_values: z.array(z.string()),
  /** "Rojo / M", or null for the default variant. */
  title: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** Centavos. */
  price: z.number().int().nullable(),
  cost: z.number().int().nullable(),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type ProductVariantView = z.infer<typeof productVariantViewSchema>;

const reference = z.object({ id: z.string(), name: z.string() });

export const productViewSchema = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  tariff_status: z.enum(TARIFF_STATUSES),
  vendor: reference.nullable(),
  tags: z.array(z.string()),
  cost: z.number().int().nullable(),
  compare_at_price: z.number().int().nullable(),
  unit: z.enum(PACKAGE_UNITS),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  size: z.string().nullable(),
  use: z.string().nullable(),
  materials: z.string().nullable(),
  sat_unit_code: z.string().nullable(),
  sat_product_code: z.string().nullable(),
  origin_country: z.string().nullable(),
  manufacture_country: z.string().nullable(),
  website: z.string().nullable(),
  datasheet: productDatasheetViewSchema.nullable(),
  /** 8 digits (partial) or 10 (fracción + NICO), or null. */
  tariff_code: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(productVariantViewSchema),
  images: z.array(productImageViewSchema),
  collections: z.array(reference),
  /** What publishing still needs (paths of the form), empty when it could be ACTIVE. */
  missing: z.array(z.array(z.union([z.string(), z.number()]))),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductView = z.infer<typeof productViewSchema>;

export const productListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  tariff_status: z.enum(TARIFF_STATUSES),
  vendor: reference.nullable(),
  tags: z.array(z.string()),
  variants_count: z.number().int(),
  /** Lowest and highest variant price in centavos, null while no variant has one. */
  price_min: z.number().int().nullable(),
  price_max: z.number().int().nullable(),
  /** The first variant's SKU, and how many SKUs the product has. */
  sku: z.string().nullable(),
  /** Available units across locations once inventory exists; null until then ("—"). */
  stock: z.number().int().nullable(),
  thumbnail_url: z.string().nullable(),
  updated_at: z.string(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** An uploaded image not yet saved with a product (the form holds its id). */
export const uploadedImageSchema = z.object({ data: productImageViewSchema });
export const uploadedDatasheetSchema = z.object({ data: productDatasheetViewSchema });

/**
 * `GET /product-variants`: the variants the shipment wizard's product lines pick from, found by
 * SKU, barcode or name; each carries what a line needs (SAT keys, value, weight).
 */
export const variantPickQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /**
   * The guide's origin (an address-book location): when it keeps stock, only the variants
   * available there, each with `available` (issue 15).
   */
  location_id: z.uuid().optional(),
});
export type VariantPickQuery = z.infer<typeof variantPickQuerySchema>;

export const variantPickSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  title: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** Centavos. */
  price: z.number().int().nullable(),
  sat_product_code: z.string().nullable(),
  sat_unit_code: z.string().nullable(),
  /** In the product's unit: the variant's own, else the product's. */
  unit: z.enum(PACKAGE_UNITS),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  thumbnail_url: z.string().nullable(),
  /** Units available at the `location_id` asked for, when that location keeps stock. */
  available: z.number().int().optional(),
});
export type VariantPick = z.infer<typeof variantPickSchema>;

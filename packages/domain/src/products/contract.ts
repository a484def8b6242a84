import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  PRODUCT_IMPORT_MAX_BYTES,
  productImportParamsSchema,
  productImportViewSchema,
} from './imports';
import {
  productBulkResultSchema,
  productBulkSchema,
  productFileParamsSchema,
  productImageParamsSchema,
  productListItemSchema,
  productParamsSchema,
  productSchema,
  productsQuerySchema,
  productViewSchema,
  uploadedDatasheetSchema,
  uploadedImageSchema,
  variantPickQuerySchema,
  variantPickSchema,
} from './schemas';

const access = 'warehousing.products';
const one = z.object({ data: productViewSchema });

/**
 * The product catalogue (`products`, `products/create`, `products/edit/{id}`), read and changed
 * with `warehousing.products`. The API implements it in modules/products/products.routes.ts and
 * product-media.routes.ts, the web calls it from features/products/api.ts.
 */
export const productsContract = defineContract('products', {
  list: defineOperation({
    method: 'GET',
    path: '/products',
    access: [
      access,
      'international_trade.tariff_classification',
      'international_trade.create_international_shipment',
    ],
    description:
      'One page of products. `search` matches name, SKU, barcode or tag (accent- and case-insensitive); filters by status, vendor, collection, tag and tariff status; `sort` by name, creation or last change. Read with the products permission, the tariff-classification one or the international-shipment one: their forms pick products from it.',
    query: productsQuerySchema,
    responses: { 200: pageSchema(productListItemSchema) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/products',
    access,
    description:
      'Creates a product with its options (≤ 3) and variants (≤ 100). A SKU already in the organization, in any case, answers 409 PRODUCT_ALREADY_REGISTERED with `details.sku`. An ACTIVE product needs the SAT keys, and for every variant a SKU, a price, weight and dimensions (of its own or the product’s); a DRAFT may lack them.',
    body: productSchema,
    responses: { 201: one },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/products/:id',
    access,
    params: productParamsSchema,
    responses: { 200: one },
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/products/:id',
    access,
    description:
      'Replaces a product. Variants sent with their `id` are kept (and what references them stays linked); variants left out are deleted, unless something references them (409 RECORD_IN_USE).',
    params: productParamsSchema,
    body: productSchema,
    responses: { 200: one },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/products/:id',
    access,
    description:
      'Deletes a product with its variants and images; 409 RECORD_IN_USE when orders, stock or shipments reference it (archive it instead).',
    params: productParamsSchema,
    responses: { 204: null },
  }),
  bulk: defineOperation({
    method: 'POST',
    path: '/products/bulk',
    access,
    description:
      'Archives, publishes, adds to a collection or deletes (drafts only) many products. Each product is done or refused on its own; the answer lists both, refusals with their code and message (an incomplete product cannot be published; a product that is not a draft, or is in use, is not deleted).',
    body: productBulkSchema,
    responses: { 200: productBulkResultSchema },
  }),
  variants: defineOperation({
    method: 'GET',
    path: '/product-variants',
    access: [access, 'shipments.create_shipment'],
    description:
      'Variants of active products found by SKU, barcode or name, with what a shipment’s product line needs (SAT keys, price, weight). Read with the products permission or the create-shipment one: the wizard’s product lines pick from it. With `location_id` (the guide’s origin) of a location that keeps stock, only the variants available there, each with `available`, and `keeps_stock: true`.',
    query: variantPickQuerySchema,
    responses: {
      200: z.object({
        data: z.array(variantPickSchema),
        /** With `location_id`: whether that origin keeps stock (then only what is available there). */
        keeps_stock: z.boolean().optional(),
      }),
    },
  }),
  uploadImage: defineOperation({
    method: 'POST',
    path: '/product-images',
    access,
    description:
      'multipart/form-data with one image: JPEG, PNG or WebP read from its content, at most 5 MB and 40 megapixels. It is re-encoded without metadata as WebP at 1200 px and a 320 px thumbnail, and waits for a product or collection to be saved with its id; unused uploads are deleted after a day.',
    upload: { field: 'file' },
    responses: { 201: uploadedImageSchema },
  }),
  image: defineOperation({
    method: 'GET',
    path: '/product-images/:imageId',
    access,
    description:
      'An image of the organization’s catalogue, WebP; `size=thumbnail` for the 320 px version.',
    params: productImageParamsSchema,
    query: z.object({ size: z.enum(['large', 'thumbnail']).default('large') }),
    download: true,
  }),
  uploadDatasheet: defineOperation({
    method: 'POST',
    path: '/product-datasheets',
    access,
    description:
      'multipart/form-data with one PDF (read from its content), at most 1 MB: a product’s data sheet.',
    upload: { field: 'file' },
    responses: { 201: uploadedDatasheetSchema },
  }),
  datasheet: defineOperation({
    method: 'GET',
    path: '/product-datasheets/:fileId',
    access,
    params: productFileParamsSchema,
    download: true,
  }),
  export: defineOperation({
    method: 'GET',
    path: '/products/export',
    access,
    description:
      'The products the filters select as CSV, one row per variant, headers in the request’s language, UTF-8 with BOM; cells that would start a formula are prefixed with a quote.',
    query: productsQuerySchema.omit({ page: true, pageSize: true, sort: true }),
    download: true,
  }),
  import: defineOperation({
    method: 'POST',
    path: '/product-imports',
    access,
    description: `multipart/form-data with one CSV (UTF-8, at most ${PRODUCT_IMPORT_MAX_BYTES / (1024 * 1024)} MB, headers in Spanish or English). Every row is checked and nothing is written: the answer is the import \`checked\`, each product with what applying it does (created, updated by handle or SKU, unchanged, refused) and every error; \`invalid\` when the file cannot be read at all.`,
    upload: { field: 'file' },
    responses: { 201: z.object({ data: productImportViewSchema }) },
  }),
  importApply: defineOperation({
    method: 'POST',
    path: '/product-imports/:id/apply',
    access,
    description:
      'Confirms a `checked` import: one job applies the products not refused (the file is checked again as it goes). Applying an import already queued, running or finished answers it as it is; an `invalid` one is PRODUCT_IMPORT_NOT_APPLICABLE.',
    params: productImportParamsSchema,
    responses: { 200: z.object({ data: productImportViewSchema }) },
  }),
  importStatus: defineOperation({
    method: 'GET',
    path: '/product-imports/:id',
    access,
    description: 'An import’s progress: products created of the total, and its errors.',
    params: productImportParamsSchema,
    responses: { 200: z.object({ data: productImportViewSchema }) },
  }),
});

/** Where members fetch a catalogue image: the 1200 px WebP, or its 320 px thumbnail. */
export const productImageUrl = (imageId: string, size: 'large' | 'thumbnail' = 'large') =>
  `/api/v1${productsContract.image.path.replace(':imageId', imageId)}${size === 'thumbnail' ? '?size=thumbnail' : ''}`;

/** Where members download a product's data sheet. */
export const productDatasheetUrl = (fileId: string) =>
  `/api/v1${productsContract.datasheet.path.replace(':fileId', fileId)}`;

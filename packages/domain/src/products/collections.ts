import { optionalText, requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { PRODUCT_RULES } from './rules';
import { productImageViewSchema } from './schemas';

/**
 * Collections (`products/collections`): manual groups of products, for the merchant's own order
 * and for stores later. A product may be in many collections. The name is unique per
 * organization regardless of case.
 */
export const collectionSchema = z.object({
  name: requiredText(PRODUCT_RULES.collectionNameMax),
  description: optionalText(PRODUCT_RULES.collectionDescriptionMax),
  /** An image uploaded with `uploadImage`. */
  image_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.uuid({ error: 'invalid' }).optional(),
  ),
});
export type CollectionInput = z.input<typeof collectionSchema>;
export type CollectionData = z.infer<typeof collectionSchema>;

export const collectionParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

export const collectionsQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type CollectionsQuery = z.infer<typeof collectionsQuerySchema>;

export const collectionProductsSchema = z.object({
  product_ids: z
    .array(z.uuid({ error: 'invalid' }))
    .min(1, { error: 'at_least_one' })
    .max(PRODUCT_RULES.bulkMax),
});
export type CollectionProductsInput = z.infer<typeof collectionProductsSchema>;

export const collectionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image: productImageViewSchema.nullable(),
  products_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CollectionView = z.infer<typeof collectionViewSchema>;

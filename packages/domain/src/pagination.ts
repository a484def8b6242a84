import { z } from './validation';

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
  /** The list stopped counting: more than `total` match (more pages follow as one moves on). */
  capped?: boolean;
}

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  capped: z.boolean().optional(),
});

/** A list answer: `{ data: [...], meta: { page, pageSize, total } }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

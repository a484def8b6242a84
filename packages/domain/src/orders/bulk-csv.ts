import { z } from '../validation';
import { BULK_LABELS_MAX } from './schemas';

/**
 * Bulk labels from a CSV (issue 22): one column of order numbers as the list shows them
 * (`#1001`), under a header the merchant may write in Spanish or English.
 */
export const BULK_CSV_HEADERS = ['pedido', 'order', 'número de pedido', 'order number'] as const;

/**
 * An optional second column naming the store (its name as the list shows it, or its platform),
 * for a number two stores share: `#1001` in Shopify and in WooCommerce.
 */
export const BULK_CSV_STORE_HEADERS = ['tienda', 'store'] as const;

/** 500 numbers take a few kilobytes: anything near this is not the file meant. */
export const BULK_CSV_MAX_BYTES = 256 * 1024;

/**
 * The template offered for download: the headers in the screen's language and two examples,
 * one naming no store (the usual case) and one naming its store by platform.
 */
export const bulkCsvTemplate = (language: 'es' | 'en') =>
  `\uFEFF${language === 'en' ? 'order,store' : 'pedido,tienda'}\r\n#1001,\r\n#1002,Shopify\r\n`;

export const bulkCsvViewSchema = z.object({
  /** Every number of the file, in its order, with the order it names or why it cannot go. */
  rows: z.array(
    z.object({
      /** The line of the file (the header is line 1). */
      row: z.number().int(),
      number: z.string(),
      order_id: z.string().nullable(),
      /** Why this number is left out: an error code. */
      error: z.string().nullable(),
    }),
  ),
  /** The orders to label (distinct, in the file's order): the run's `order_ids`. */
  order_ids: z.array(z.string()).max(BULK_LABELS_MAX),
});
export type BulkCsvView = z.infer<typeof bulkCsvViewSchema>;

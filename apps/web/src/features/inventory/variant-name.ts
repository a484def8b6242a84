import type { InventoryRow } from '@despacho/domain';

/** "Playera básica · Rojo / M", or the product's name alone for a product without options. */
export const variantName = (row: Pick<InventoryRow, 'product_name' | 'variant_title'>) =>
  row.variant_title ? `${row.product_name} · ${row.variant_title}` : row.product_name;

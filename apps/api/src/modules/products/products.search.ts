import { searchKey } from '../../platform/search';

export interface SearchableProduct {
  name: string;
  handle: string;
  tags: readonly string[];
  variants: readonly { sku?: string | null; barcode?: string | null }[];
}

/**
 * What the products search reads: name, handle, tags and each variant's SKU and barcode, as
 * `searchKey` writes them. Exported for what writes products in bulk (the CSV import, the
 * benchmark's load).
 */
export function productSearchText(product: SearchableProduct): string {
  return searchKey(
    [
      product.name,
      product.handle,
      ...product.tags,
      ...product.variants.flatMap((variant) => [variant.sku, variant.barcode]),
    ]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * The handle a name suggests: lower case, accents dropped, words joined by dashes
 * ("Playera Básica Niño" → "playera-basica-nino"); the service appends "-2", "-3"… when the
 * organization already has it.
 */
export function handleFor(name: string): string {
  const slug = searchKey(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'producto';
}

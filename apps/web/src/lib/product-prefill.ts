/**
 * A new product started from elsewhere (an order's line not in the catalogue): the values
 * travel in `products/create`'s query string, so orders links there without importing products.
 */
export interface ProductPrefill {
  name?: string;
  sku?: string;
  /** In pesos, as the price input shows it ("249.90"). */
  price?: string;
}

const KEYS = ['name', 'sku', 'price'] as const;

/** `products/create` with the form prefilled. */
export function productCreatePath(prefill: ProductPrefill): string {
  const query = new URLSearchParams();
  for (const key of KEYS) if (prefill[key]) query.set(key, prefill[key]);
  return `/app/products/create?${query}`;
}

/** The prefill a `products/create` URL carries. */
export function prefillOf(query: URLSearchParams): ProductPrefill {
  const prefill: ProductPrefill = {};
  for (const key of KEYS) {
    const value = query.get(key);
    if (value) prefill[key] = value;
  }
  return prefill;
}

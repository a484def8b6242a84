import type { Config } from '../../../config';

/**
 * The access scopes a shipping app needs, and no more (issue 22): orders and their compliance
 * webhooks (`read_orders`), cancelling an order at the store (`write_orders`, which Shopify
 * counts as granting `read_orders` too), and reading and fulfilling the fulfillment orders of
 * the merchant's own locations (`*_merchant_managed_fulfillment_orders`). Fulfillment orders
 * assigned to a fulfillment service are that service's to fulfil (an order-management app may
 * not since 2024-10), so the `*_assigned_*` and `*_third_party_*` scopes are left out. Customer
 * names and addresses are read from the order itself (protected customer data, declared in the
 * app's listing), so `read_customers` is not needed.
 */
export const SHOPIFY_SCOPES = [
  'read_orders',
  'write_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
] as const;

/** The development app the sandbox store knows; never valid at Shopify. */
export const SANDBOX_SHOPIFY_APP = {
  apiKey: 'despacho-sandbox-app',
  apiSecret: 'shpss_despacho_sandbox_development_secret',
} as const;

/** Where the sandbox store is mounted, beside the app and outside /api/v1 (like decision 013). */
export const SHOPIFY_SANDBOX_PATH = '/sandbox/shopify';

/** How the adapter reaches Shopify: the app's credentials, its API version, and where to call. */
export interface ShopifyApp {
  apiKey: string;
  apiSecret: string;
  apiVersion: string;
  /**
   * The origin of this product's sandbox store (`APP_URL`), or null for the real Shopify: the
   * sandbox answers `https://{shop}/…` at `{origin}/sandbox/shopify/store/{shop}/…`.
   */
  sandboxOrigin: string | null;
}

/**
 * The Shopify app the configuration describes: the real one when its key and secret are set,
 * else the sandbox's outside production; null in production without them (not offered).
 */
export function shopifyApp(config: Config): ShopifyApp | null {
  const apiVersion = config.SHOPIFY_API_VERSION;
  if (config.SHOPIFY_API_KEY && config.SHOPIFY_API_SECRET) {
    return {
      apiKey: config.SHOPIFY_API_KEY,
      apiSecret: config.SHOPIFY_API_SECRET,
      apiVersion,
      sandboxOrigin: null,
    };
  }
  if (config.NODE_ENV === 'production') return null;
  return { ...SANDBOX_SHOPIFY_APP, apiVersion, sandboxOrigin: config.APP_URL };
}

/**
 * The scopes a grant covers: Shopify answers a `write_x` without its `read_x`, which it
 * implies, so the implied ones are added and a plain inclusion check compares grants.
 */
export function grantedScopes(scope: string): string[] {
  const scopes = scope
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const implied = scopes
    .filter((entry) => entry.startsWith('write_'))
    .map((entry) => `read_${entry.slice('write_'.length)}`);
  return [...new Set([...scopes, ...implied])].sort();
}

import type { Platform } from '../../services';
import { SANDBOX_SHOPIFY_APP, shopifyApp } from './shopify-app';
import { ShopifySandbox } from './shopify-sandbox';
import { SandboxShopifyDeliveries } from './shopify-sandbox.deliveries';

/**
 * The Shopify sandbox store, when the app runs against it (no Shopify app configured, outside
 * production), with its delivery job registered; null otherwise.
 */
export function buildShopifySandbox(deps: Pick<Platform, 'db' | 'clock' | 'jobs' | 'config'>): {
  shopifySandbox: ShopifySandbox | null;
} {
  const app = shopifyApp(deps.config);
  if (!app?.sandboxOrigin) return { shopifySandbox: null };
  const deliveries = new SandboxShopifyDeliveries({
    ...deps,
    apiSecret: SANDBOX_SHOPIFY_APP.apiSecret,
    apiVersion: app.apiVersion,
    complianceUri: `${app.sandboxOrigin}/api/v1/webhooks/stores/shopify`,
  });
  // Shopify's own retry schedule is kept in the rows; the job retries only a send that threw.
  deliveries.queue.register(deps.jobs, deps.clock, (id, now) => deliveries.deliver(id, now), 3);
  return { shopifySandbox: new ShopifySandbox({ db: deps.db, clock: deps.clock, deliveries }) };
}

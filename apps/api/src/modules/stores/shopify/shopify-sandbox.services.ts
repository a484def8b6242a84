import { z } from 'zod';
import type { Platform } from '../../services';
import { SANDBOX_SHOPIFY_APP, shopifyApp } from './shopify-app';
import { ShopifySandbox } from './shopify-sandbox';
import {
  SANDBOX_SHOPIFY_DELIVER_JOB,
  SandboxShopifyDeliveries,
} from './shopify-sandbox.deliveries';

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
  deps.jobs.register(
    SANDBOX_SHOPIFY_DELIVER_JOB,
    async (_tx, payload, job) => {
      await deliveries.deliver(payload.delivery_id, job.now);
    },
    // It calls out over HTTP and keeps Shopify's own retry schedule in its rows.
    { payload: z.object({ delivery_id: z.number().int() }), transaction: false, retryLimit: 3 },
  );
  return { shopifySandbox: new ShopifySandbox({ db: deps.db, clock: deps.clock, deliveries }) };
}

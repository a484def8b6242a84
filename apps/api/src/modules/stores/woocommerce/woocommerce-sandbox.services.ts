import { z } from 'zod';
import type { Platform } from '../../services';
import { WooCommerceSandbox } from './woocommerce-sandbox';
import {
  SANDBOX_WOOCOMMERCE_DELIVER_JOB,
  SandboxWooDeliveries,
} from './woocommerce-sandbox.deliveries';

/**
 * The WooCommerce sandbox store outside production, with its delivery job registered; null in
 * production, where merchants connect their own sites.
 */
export function buildWooCommerceSandbox(deps: Pick<Platform, 'db' | 'clock' | 'jobs' | 'config'>): {
  wooCommerceSandbox: WooCommerceSandbox | null;
} {
  if (deps.config.NODE_ENV === 'production') return { wooCommerceSandbox: null };
  const deliveries = new SandboxWooDeliveries({ ...deps, origin: deps.config.APP_URL });
  deps.jobs.register(
    SANDBOX_WOOCOMMERCE_DELIVER_JOB,
    async (_tx, payload, job) => {
      await deliveries.deliver(payload.delivery_id, job.now);
    },
    // It calls out over HTTP; WooCommerce never retries a delivery, so neither does the job.
    { payload: z.object({ delivery_id: z.number().int() }), transaction: false, retryLimit: 0 },
  );
  return {
    wooCommerceSandbox: new WooCommerceSandbox({
      db: deps.db,
      clock: deps.clock,
      deliveries,
      origin: deps.config.APP_URL,
    }),
  };
}

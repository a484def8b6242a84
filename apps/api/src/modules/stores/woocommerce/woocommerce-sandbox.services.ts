import type { Platform } from '../../services';
import { WooCommerceSandbox } from './woocommerce-sandbox';
import { SandboxWooDeliveries } from './woocommerce-sandbox.deliveries';

/**
 * The WooCommerce sandbox store outside production, with its delivery job registered; null in
 * production, where merchants connect their own sites.
 */
export function buildWooCommerceSandbox(deps: Pick<Platform, 'db' | 'clock' | 'jobs' | 'config'>): {
  wooCommerceSandbox: WooCommerceSandbox | null;
} {
  if (deps.config.NODE_ENV === 'production') return { wooCommerceSandbox: null };
  const deliveries = new SandboxWooDeliveries({ ...deps, origin: deps.config.APP_URL });
  // WooCommerce never retries a delivery, so neither does the job.
  deliveries.queue.register(deps.jobs, deps.clock, (id, now) => deliveries.deliver(id, now), 0);
  return {
    wooCommerceSandbox: new WooCommerceSandbox({
      db: deps.db,
      clock: deps.clock,
      deliveries,
      origin: deps.config.APP_URL,
    }),
  };
}

import type { Platform } from '../../services';
import { mercadoLibreApp, SANDBOX_MERCADOLIBRE_APP } from './mercadolibre-app';
import { MercadoLibreSandbox } from './mercadolibre-sandbox';
import { SandboxMlDeliveries } from './mercadolibre-sandbox.deliveries';

/**
 * The Mercado Libre sandbox, when the app runs against it (no Mercado Libre app configured,
 * outside production), with its notification job registered; null otherwise.
 */
export function buildMercadoLibreSandbox(
  deps: Pick<Platform, 'db' | 'clock' | 'jobs' | 'config'>,
): { mercadoLibreSandbox: MercadoLibreSandbox | null } {
  const app = mercadoLibreApp(deps.config);
  if (!app?.sandbox) return { mercadoLibreSandbox: null };
  const deliveries = new SandboxMlDeliveries({
    ...deps,
    appId: SANDBOX_MERCADOLIBRE_APP.appId,
    callbackUrl: `${deps.config.APP_URL}/api/v1/webhooks/stores/mercadolibre`,
  });
  // A missed notification is kept for /missed_feeds (and its retries are in the rows).
  deliveries.queue.register(deps.jobs, deps.clock, (id, now) => deliveries.deliver(id, now), 0);
  return {
    mercadoLibreSandbox: new MercadoLibreSandbox({ db: deps.db, clock: deps.clock, deliveries }),
  };
}

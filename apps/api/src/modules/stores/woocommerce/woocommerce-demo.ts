import { storeConnectSchema } from '@despacho/domain';
import type { Services } from '../../services';
import type { SandboxWooOrderInput } from './woocommerce-sandbox';

/** The demo's WooCommerce site, played by the sandbox store (`/sandbox/woocommerce/admin`). */
export const DEMO_WOOCOMMERCE_SLUG = 'comercio-demo';

/** Buyers at postal codes of the SEPOMEX sample the demo loads, so their addresses check out. */
const DEMO_WOO_BUYERS: Omit<SandboxWooOrderInput, 'lines'>[] = [
  {
    customer: {
      firstName: 'Mariana',
      lastName: 'Torres',
      email: 'mariana.torres@example.com',
      phone: '5587654321',
    },
    address: {
      street: 'Colima 150',
      street2: 'Depto. 4, Roma Norte',
      city: 'Ciudad de México',
      state: 'Ciudad de México',
      zip: '06700',
    },
    shippingTotal: 99,
  },
  {
    customer: {
      firstName: 'Andrés',
      lastName: 'Cruz',
      email: 'andres.cruz@example.com',
      phone: '9519876543',
    },
    address: {
      street: 'García Vigil 305',
      street2: 'Oaxaca Centro',
      city: 'Oaxaca de Juárez',
      state: 'Oaxaca',
      zip: '68000',
    },
    // Awaiting a bank transfer (on hold): open, not paid yet.
    status: 'on-hold',
  },
];

/**
 * The demo organization's WooCommerce store (issue 22): a sandbox site with two orders of the
 * demo catalogue, connected as a merchant does it, with the REST keys typed in the stores screen
 * and validated as that request is; its orders arrive by the store's backfill. Called by
 * `seedDemoStores`, never in production (there is no sandbox there).
 */
export async function connectDemoWooCommerce(
  services: Pick<Services, 'stores' | 'wooCommerceSandbox'>,
  owner: { id: string; organizationId: string },
  skus: readonly string[],
): Promise<boolean> {
  const sandbox = services.wooCommerceSandbox;
  if (!sandbox || skus.length === 0) return false;
  // The site outlives a connection cut short (its tables persist): taken again, not doubled.
  const site =
    (await sandbox.site(DEMO_WOOCOMMERCE_SLUG)) ??
    (await sandbox.createSite({
      name: 'Comercio Demo (WooCommerce)',
      slug: DEMO_WOOCOMMERCE_SLUG,
      shipmentTracking: true,
    }));
  if ((await sandbox.ordersOf(site.slug)).length === 0) {
    await sandbox.createOrders(site.slug, DEMO_WOO_BUYERS.length, (index) => ({
      ...DEMO_WOO_BUYERS[index]!,
      lines: [
        {
          sku: skus[(index + 3) % skus.length]!,
          name: 'Producto demo',
          quantity: index + 1,
          price: 289,
        },
      ],
    }));
  }
  await services.stores.connect(
    owner.organizationId,
    owner.id,
    storeConnectSchema.parse({
      platform: 'woocommerce',
      url: site.url,
      consumer_key: site.consumerKey,
      consumer_secret: site.consumerSecret,
    }),
  );
  return true;
}

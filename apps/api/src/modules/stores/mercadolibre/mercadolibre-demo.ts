import type { Services } from '../../services';
import type { SandboxMlOrderInput } from './mercadolibre-sandbox';

/** The demo's Mercado Libre seller, played by the sandbox (`/sandbox/mercadolibre/admin`). */
export const DEMO_MERCADOLIBRE_SELLER = 'COMERCIO_DEMO_MLM';

type DemoPurchase = Omit<SandboxMlOrderInput, 'lines'> & { quantities: number[] };

/**
 * Buyers at postal codes of the SEPOMEX sample the demo loads, so their addresses check out.
 * The seller ships the first two (`custom`, `me1`: labelled here, tracking pushed back); the
 * third goes by Mercado Envíos (`me2`): shown as shipped by Mercado Libre, never labelled.
 */
const DEMO_PURCHASES: DemoPurchase[] = [
  {
    mode: 'custom',
    quantities: [1],
    buyer: { firstName: 'Mariana', lastName: 'Torres' },
    address: {
      street: 'Av. de la Paz',
      number: '26',
      zip: '01000',
      city: 'Ciudad de México',
      state: 'Ciudad de México',
      neighborhood: 'San Ángel',
      phone: '5587654321',
    },
  },
  {
    // A cart of two products: a pack of two orders, one shipment.
    mode: 'me1',
    quantities: [2, 1],
    buyer: { firstName: 'Ricardo', lastName: 'Núñez' },
    address: {
      street: 'Paseo del Tecnológico',
      number: '1450',
      zip: '27103',
      city: 'Torreón',
      state: 'Coahuila de Zaragoza',
      neighborhood: 'Club de Golf los Azulejos',
      phone: '8711234567',
    },
  },
  {
    mode: 'me2',
    quantities: [1],
    buyer: { firstName: 'Elena', lastName: 'Castro' },
    address: {
      street: 'Calle Ayuntamiento',
      number: '15',
      zip: '09000',
      city: 'Ciudad de México',
      state: 'Ciudad de México',
      neighborhood: 'San Pablo',
      phone: '5534567890',
    },
  },
];

/**
 * Connects the demo organization's Mercado Libre store (issue 22): a sandbox seller with a few
 * sales of the demo catalogue, connected through the same consent and token exchange a
 * merchant's browser goes through; its open orders arrive by the store's backfill. The caller
 * (db/demo-stores.ts) decides whether the demo gets stores at all; without the sandbox (in
 * production, or with a real Mercado Libre app configured) this does nothing.
 */
export async function connectDemoMercadoLibre(
  services: Pick<Services, 'stores' | 'mercadoLibreSandbox'>,
  demo: { organizationId: string; userId: string; skus: string[] },
): Promise<boolean> {
  const { stores, mercadoLibreSandbox: sandbox } = services;
  if (!sandbox || demo.skus.length === 0) return false;
  const seller = await sandbox.createSeller({ nickname: DEMO_MERCADOLIBRE_SELLER });
  let next = 0;
  await sandbox.createOrders(
    seller.id,
    DEMO_PURCHASES.map(({ quantities, ...purchase }) => ({
      ...purchase,
      lines: quantities.map((quantity) => {
        const sku = demo.skus[next++ % demo.skus.length]!;
        return { sku, title: `Producto demo ${sku}`, quantity, price: 29_900 };
      }),
    })),
  );

  const started = await stores.connect(demo.organizationId, demo.userId, {
    platform: 'mercadolibre',
  });
  const consent = new URL(started.authorize_url!).searchParams;
  const callback = await sandbox.approve(seller.id, {
    clientId: consent.get('client_id')!,
    redirectUri: consent.get('redirect_uri')!,
    state: consent.get('state')!,
  });
  if (!callback) throw new Error('The Mercado Libre sandbox refused the demo consent');
  await stores.completeAuthorization(demo.organizationId, demo.userId, {
    platform: 'mercadolibre',
    query: Object.fromEntries(new URL(callback).searchParams),
  });
  return true;
}

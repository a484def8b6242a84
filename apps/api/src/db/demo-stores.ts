import { and, eq, isNotNull } from 'drizzle-orm';
import { productVariants } from '../modules/products/products.tables';
import { connectDemoMercadoLibre } from '../modules/stores/mercadolibre/mercadolibre-demo';
import type { Services } from '../modules/services';
import { connectDemoWooCommerce } from '../modules/stores/woocommerce/woocommerce-demo';
import { DEMO_LOGINS } from './seed';

/** The demo's Shopify shop, played by the sandbox store (`/sandbox/shopify/admin`). */
export const DEMO_SHOPIFY_SHOP = 'comercio-demo.myshopify.com';

/** Buyers at postal codes of the SEPOMEX sample the demo loads, so their addresses check out. */
const DEMO_BUYERS = [
  {
    email: 'laura.mendez@example.com',
    phone: '5523456789',
    shippingAddress: {
      name: 'Laura Méndez',
      phone: '5523456789',
      address1: 'Av. Álvaro Obregón 120',
      address2: 'Int. 3, Roma Norte',
      city: 'Ciudad de México',
      province: 'Ciudad de México',
      zip: '06700',
      countryCode: 'MX',
    },
  },
  {
    email: 'jorge.ramirez@example.com',
    phone: '9512345678',
    shippingAddress: {
      name: 'Jorge Ramírez',
      phone: '9512345678',
      address1: 'Macedonio Alcalá 200',
      address2: 'Oaxaca Centro',
      city: 'Oaxaca de Juárez',
      province: 'Oaxaca',
      zip: '68000',
      countryCode: 'MX',
    },
  },
  {
    email: 'sofia.garza@example.com',
    phone: '9997654321',
    shippingAddress: {
      name: 'Sofía Garza',
      phone: '9997654321',
      address1: 'Calle 60 491',
      address2: 'Mérida Centro',
      city: 'Mérida',
      province: 'Yucatán',
      zip: '97000',
      countryCode: 'MX',
    },
  },
];

/**
 * The demo organization's connected online stores (issue 22), made once after the server
 * listens: the sandbox stores are called over HTTP like the platforms, so connecting needs the
 * app up. One store of each platform (Shopify, Mercado Libre, WooCommerce) with a few orders of
 * the demo catalogue is connected the way a merchant connects it (consent and token exchange,
 * or REST keys); its open orders arrive by the store's backfill. Nothing when the demo organization already has a store, or in production.
 */
export async function seedDemoStores(services: Services): Promise<boolean> {
  const { config, db, accounts, stores, shopifySandbox } = services;
  if (config.NODE_ENV === 'production' || !shopifySandbox) return false;
  const owner = await accounts.findByEmail(DEMO_LOGINS[0].email);
  if (!owner?.organizationId) return false;
  const organizationId = owner.organizationId;
  if ((await stores.list(organizationId)).length > 0) return false;

  const variants = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.organizationId, organizationId), isNotNull(productVariants.sku)))
    .orderBy(productVariants.sku)
    .limit(6);
  const skus = variants.map((variant) => variant.sku!);
  if (skus.length === 0) return false;

  await shopifySandbox.createShop({ domain: DEMO_SHOPIFY_SHOP, name: 'Comercio Demo (Shopify)' });
  for (const [index, buyer] of DEMO_BUYERS.entries()) {
    await shopifySandbox.createOrder(DEMO_SHOPIFY_SHOP, {
      ...buyer,
      financialStatus: index === 2 ? 'PENDING' : 'PAID',
      tags: index === 0 ? ['mayoreo'] : [],
      lines: [
        {
          sku: skus[index % skus.length]!,
          title: 'Producto demo',
          quantity: 1 + index,
          price: 34_900,
        },
        // The last buyer's second line names a SKU the catalogue lacks: «vincular o crear».
        ...(index === 2
          ? [{ sku: 'SIN-CATALOGO-01', title: 'Taza personalizada', quantity: 1, price: 19_900 }]
          : []),
      ],
    });
  }

  const started = await stores.connect(organizationId, owner.id, {
    platform: 'shopify',
    shop_domain: DEMO_SHOPIFY_SHOP,
  });
  const consent = new URL(started.authorize_url!).searchParams;
  const callback = await shopifySandbox.approve(DEMO_SHOPIFY_SHOP, {
    clientId: consent.get('client_id')!,
    scope: consent.get('scope')!,
    redirectUri: consent.get('redirect_uri')!,
    state: consent.get('state')!,
  });
  await stores.completeAuthorization(organizationId, owner.id, {
    platform: 'shopify',
    query: Object.fromEntries(new URL(callback).searchParams),
  });
  await connectDemoMercadoLibre(services, { organizationId, userId: owner.id, skus });
  await connectDemoWooCommerce(services, { id: owner.id, organizationId }, skus);
  return true;
}

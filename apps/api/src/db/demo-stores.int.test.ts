import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDemoMercadoLibre,
  DEMO_MERCADOLIBRE_SELLER,
} from '../modules/stores/mercadolibre/mercadolibre-demo';
import { DEMO_WOOCOMMERCE_SLUG } from '../modules/stores/woocommerce/woocommerce-demo';
import { listeningApp, runJobs, type ChainContext } from '../../test/store-chain';
import { callAs, createTestUser, type TestUser } from '../../test/users';
import { DEMO_SHOPIFY_SHOP, seedDemoStores } from './demo-stores';
import { DEMO_LOGINS, seedDemo } from './seed';

/**
 * The demo's online stores (`seedDemoStores`, run by `npm start` once the app listens): one
 * sandbox store of each platform, connected as a merchant connects them, their orders synced.
 */
describe('the demo stores', () => {
  let ctx: ChainContext;
  let viewer: TestUser;
  let organizationId: string;
  type StoreView = Record<string, unknown> & { id: string; platform: string };
  let stores: StoreView[];
  const storeOf = (platform: string) => stores.find((store) => store.platform === platform)!;
  const ordersOf = async (platform: string) => {
    const listed = await callAs(ctx.app, viewer, 'GET', `/orders?store_id=${storeOf(platform).id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json().data as {
      items: number;
      flags: string[];
      source: string;
      customer_name: string | null;
    }[];
  };

  beforeAll(async () => {
    ctx = await listeningApp();
    expect(await seedDemo(ctx.db, ctx.clock)).toBe(true);
    expect(await seedDemoStores(ctx.app.services)).toBe(true);
    // The backfills run as jobs, as in `npm start`.
    await runJobs(ctx, 3, 1000);
    const owner = await ctx.app.services.accounts.findByEmail(DEMO_LOGINS[0].email);
    organizationId = owner!.organizationId!;
    viewer = await createTestUser(ctx, { organizationId });
    const listed = await callAs(ctx.app, viewer, 'GET', '/stores');
    expect(listed.statusCode).toBe(200);
    stores = listed.json().data as StoreView[];
  });
  afterAll(() => ctx?.close());

  it('connects one sandbox store of each platform', () => {
    expect(stores.map((store) => store.platform).sort()).toEqual([
      'mercadolibre',
      'shopify',
      'woocommerce',
    ]);
    expect(stores.every((store) => store.sandbox === true && store.status === 'enabled')).toBe(
      true,
    );
    // Named as the site is titled, not by its sandbox address.
    expect(storeOf('woocommerce').name).toBe('Comercio Demo (WooCommerce)');
  });

  it('syncs the Shopify shop’s three orders', async () => {
    expect(storeOf('shopify')).toMatchObject({ external_id: DEMO_SHOPIFY_SHOP });
    expect(await ordersOf('shopify')).toHaveLength(3);
  });

  it('syncs the Mercado Libre seller’s sales, Mercado Envíos’ own one never to label', async () => {
    expect(storeOf('mercadolibre')).toMatchObject({
      name: DEMO_MERCADOLIBRE_SELLER,
      health: 'ok',
      // Mercado Libre's paging counts the pack's two orders; a finished backfill counts purchases.
      backfill: { state: 'done', done: 3, total: 3 },
      orders_count: 3,
    });
    const orders = await ordersOf('mercadolibre');
    expect(orders).toHaveLength(3);
    expect(orders.every((order) => order.source === 'mercadolibre')).toBe(true);
    // Mercado Envíos ships one sale itself; the seller's two are to label here, the pack of
    // two products (3 units) as one order.
    const byPlatform = orders.filter((order) => order.flags.includes('shipped_by_platform'));
    expect(byPlatform).toHaveLength(1);
    const toLabel = orders.filter((order) => !byPlatform.includes(order));
    expect(toLabel.map((order) => order.items).sort()).toEqual([1, 3]);
    // Every buyer's address is one the demo's SEPOMEX sample knows.
    expect(orders.some((order) => order.flags.includes('address_doubtful'))).toBe(false);
  });

  it('syncs the WooCommerce site’s two orders, its webhooks registered', async () => {
    expect(storeOf('woocommerce')).toMatchObject({
      external_id: `${ctx.app.services.config.APP_URL}/sandbox/woocommerce/site/${DEMO_WOOCOMMERCE_SLUG}`,
      orders_count: 2,
      backfill: expect.objectContaining({ state: 'done', done: 2 }),
    });
    const orders = await ordersOf('woocommerce');
    expect(orders.map((order) => order.customer_name).sort()).toEqual([
      'Andrés Cruz',
      'Mariana Torres',
    ]);
    const hooks = await ctx.app.services.wooCommerceSandbox!.webhooksOf(DEMO_WOOCOMMERCE_SLUG);
    expect(hooks.map((hook) => hook.status)).toEqual(['active', 'active', 'active']);
  });

  it('seeds once, and never without the sandboxes (production)', async () => {
    expect(await seedDemoStores(ctx.app.services)).toBe(false);
    const demo = { organizationId, userId: '', skus: ['X'] };
    expect(
      await connectDemoMercadoLibre({ ...ctx.app.services, mercadoLibreSandbox: null }, demo),
    ).toBe(false);
  });
});

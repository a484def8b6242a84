import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningApp, runJobs, type ChainContext } from '../../../../test/store-chain';
import { callAs, createTestUser } from '../../../../test/users';
import { DEMO_SHOPIFY_SHOP, seedDemoStores } from '../../../db/demo-stores';
import { DEMO_LOGINS, seedDemo } from '../../../db/seed';
import { DEMO_WOOCOMMERCE_SLUG } from './woocommerce-demo';

/**
 * The demo's online stores (`seedDemoStores`, run by `npm run dev` once the app listens): one
 * sandbox store of each platform, connected as a merchant connects them, their orders synced.
 */
describe('the demo stores', () => {
  let ctx: ChainContext;

  beforeAll(async () => {
    ctx = await listeningApp();
    await seedDemo(ctx.db, ctx.clock);
  });
  afterAll(() => ctx?.close());

  it('connects a Shopify shop and a WooCommerce site of the sandbox, their orders listed', async () => {
    expect(await seedDemoStores(ctx.app.services)).toBe(true);
    await runJobs(ctx, 3);
    const owner = await ctx.app.services.accounts.findByEmail(DEMO_LOGINS[0].email);
    const viewer = await createTestUser(ctx, { organizationId: owner!.organizationId });

    const listed = await callAs(ctx.app, viewer, 'GET', '/stores');
    expect(listed.statusCode).toBe(200);
    const stores = listed.json().data as { id: string; platform: string; external_id: string }[];
    const shopify = stores.find((store) => store.platform === 'shopify');
    const woo = stores.find((store) => store.platform === 'woocommerce');
    expect(shopify).toMatchObject({ external_id: DEMO_SHOPIFY_SHOP, status: 'enabled' });
    expect(woo).toMatchObject({
      external_id: `${ctx.app.services.config.APP_URL}/sandbox/woocommerce/site/${DEMO_WOOCOMMERCE_SLUG}`,
      status: 'enabled',
      sandbox: true,
      orders_count: 2,
      backfill: expect.objectContaining({ state: 'done', done: 2 }),
    });

    // Both orders of the WooCommerce site arrived by the backfill, its webhooks registered.
    const orders = await callAs(ctx.app, viewer, 'GET', `/orders?store_id=${woo!.id}`);
    expect(orders.statusCode).toBe(200);
    const items = orders.json().data as { customer_name: string | null }[];
    expect(items.map((item) => item.customer_name).sort()).toEqual([
      'Andrés Cruz',
      'Mariana Torres',
    ]);
    const hooks = await ctx.app.services.wooCommerceSandbox!.webhooksOf(DEMO_WOOCOMMERCE_SLUG);
    expect(hooks.map((hook) => hook.status)).toEqual(['active', 'active', 'active']);
    const shopifyOrders = await callAs(ctx.app, viewer, 'GET', `/orders?store_id=${shopify!.id}`);
    expect(shopifyOrders.json().data).toHaveLength(3);

    // Once: a demo organization with stores gets no more.
    expect(await seedDemoStores(ctx.app.services)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningApp, runJobs, type ChainContext } from '../../../../test/store-chain';
import { seedDemoStores } from '../../../db/demo-stores';
import { DEMO_LOGINS, seedDemo } from '../../../db/seed';
import { connectDemoMercadoLibre, DEMO_MERCADOLIBRE_SELLER } from './mercadolibre-demo';

let ctx: ChainContext;
beforeAll(async () => {
  ctx = await listeningApp();
});
afterAll(() => ctx.close());

describe('the demo stores', () => {
  it('connect a sandbox Mercado Libre seller whose sales reach the orders list', async () => {
    expect(await seedDemo(ctx.db, ctx.clock)).toBe(true);
    expect(await seedDemoStores(ctx.app.services)).toBe(true);
    // The backfills run as jobs, as in `npm start`.
    await runJobs(ctx, 3, 1000);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO_LOGINS[0].email, password: DEMO_LOGINS[0].password },
    });
    const headers = { authorization: `Bearer ${login.json().data.access_token as string}` };
    const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

    const stores = (await get('/stores')).json().data as Record<string, unknown>[];
    const store = stores.find((entry) => entry.platform === 'mercadolibre')!;
    expect(store).toMatchObject({
      name: DEMO_MERCADOLIBRE_SELLER,
      sandbox: true,
      health: 'ok',
      // Mercado Libre's paging counts the pack's two orders; the backfill counts purchases.
      backfill: { state: 'done', done: 3 },
      orders_count: 3,
    });
    expect(stores.map((entry) => entry.platform).sort()).toEqual(['mercadolibre', 'shopify']);

    const listed = await get(`/orders?store_id=${store.id as string}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const orders = listed.json().data as { items: number; flags: string[]; source: string }[];
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

    // Seeding again adds nothing; without the sandbox (production) there is no demo seller.
    expect(await seedDemoStores(ctx.app.services)).toBe(false);
    const demo = {
      organizationId: login.json().data.organization.id as string,
      userId: '',
      skus: ['X'],
    };
    expect(
      await connectDemoMercadoLibre({ ...ctx.app.services, mercadoLibreSandbox: null }, demo),
    ).toBe(false);
  });
});

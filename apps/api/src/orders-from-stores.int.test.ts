/**
 * Issue 22, the whole chain on the real app listening on a port: a sandbox Shopify shop connected
 * through its consent screen, an order created in the shop reaching the orders list by a signed
 * webhook, fulfilled partially with a label whose tracking reaches the shop, and cancelled in
 * the shop — cancelled here, its stock released.
 */
import { randomUUID } from 'node:crypto';
import type { QuoteView } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectShopify,
  listeningApp,
  merchantWithStock,
  runJobs,
  type ChainContext,
} from '../test/store-chain';
import { callAs } from '../test/users';
import { verifyLedger, verifyStock } from './modules/invariants';
import { balanceOf } from './modules/orders/orders.test-support';
import { SHOPIFY_ADDRESS } from './modules/stores/store-sandbox.test-support';

let ctx: ChainContext;
beforeAll(async () => {
  ctx = await listeningApp();
});
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

describe('orders from a sandbox Shopify shop', () => {
  it('syncs, fulfils partially with tracking pushed, and follows a cancellation', async () => {
    const sku = `PLAYERA-${randomUUID().slice(0, 8)}`;
    const merchant = await merchantWithStock(ctx, [sku], 10);
    const shop = `cadena-${randomUUID().slice(0, 8)}.myshopify.com`;
    const store = await connectShopify(ctx, merchant.user, shop);
    await runJobs(ctx, 2);

    const sandbox = ctx.app.services.shopifySandbox!;
    const created = await sandbox.createOrder(shop, {
      email: 'ana@example.com',
      phone: '5512345678',
      shippingAddress: SHOPIFY_ADDRESS,
      financialStatus: 'PAID',
      lines: [{ sku, title: 'Playera', quantity: 3, price: 19_900 }],
    });
    // The shop's delivery job posts the signed webhook; the app's job applies it.
    await runJobs(ctx, 3, 1000);

    const listed = await callAs(ctx.app, merchant.user, 'GET', `/orders?store_id=${store.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [order] = listed.json().data;
    expect(order).toMatchObject({
      number: '#1001',
      source: 'shopify',
      payment_state: 'paid',
      fulfillment_state: 'unfulfilled',
      status: 'open',
      items: 3,
    });
    expect(await balanceOf(ctx.db, merchant.variantIds[0]!, merchant.stockLocationId)).toEqual({
      on_hand: 10,
      reserved: 3,
    });
    const storeView = (await callAs(ctx.app, merchant.user, 'GET', `/stores/${store.id}`)).json();
    expect(storeView.data).toMatchObject({ orders_count: 1, health: 'ok', sandbox: true });

    const detail = (await callAs(ctx.app, merchant.user, 'GET', `/orders/${order.id}`)).json().data;
    const lines = [{ line_id: detail.lines[0].id, quantity: 2 }];
    const parcels = [{ length: 30, width: 20, height: 15, weight: 1 }];
    const quoted = await callAs(ctx.app, merchant.user, 'POST', `/orders/${order.id}/quote`, {
      origin_id: merchant.locationId,
      parcels,
      lines,
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = quoted.json().data as QuoteView;
    const fulfilled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/fulfillments`,
      headers: merchant.user.headers({ 'idempotency-key': randomUUID() }),
      payload: {
        origin_id: merchant.locationId,
        parcels,
        lines,
        quote_id: quote.id,
        rate_id: quote.rates[0]!.id,
      },
    });
    expect(fulfilled.statusCode, fulfilled.body).toBe(201);
    const tracking = fulfilled.json().data.tracking_number as string;
    await runJobs(ctx, 2, 1000);

    const afterPush = (await callAs(ctx.app, merchant.user, 'GET', `/orders/${order.id}`)).json()
      .data;
    expect(afterPush.fulfillment_state).toBe('partial');
    expect(afterPush.fulfillments[0].push.state).toBe('pushed');
    const inShop = await sandbox.fulfilmentsOf(shop, created.id);
    expect(inShop).toHaveLength(1);
    expect(JSON.stringify(inShop[0])).toContain(tracking);

    // Cancelled in the shop: the webhook cancels it here and releases what was still reserved.
    await sandbox.cancelOrder(shop, created.id);
    await runJobs(ctx, 3, 1000);
    const cancelled = (await callAs(ctx.app, merchant.user, 'GET', `/orders/${order.id}`)).json()
      .data;
    expect(cancelled.status).toBe('cancelled');
    expect(await balanceOf(ctx.db, merchant.variantIds[0]!, merchant.stockLocationId)).toEqual({
      on_hand: 8,
      reserved: 0,
    });
  });
});

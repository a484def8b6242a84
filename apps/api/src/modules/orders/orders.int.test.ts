/**
 * Issue 22, the orders screens' API: manual orders (numbered, idempotent, reserving stock),
 * the list's tabs, filters and search, tags, the address before and after fulfilment, the
 * dashboard's figure, 404 for another organization and 403 without `ecommerce.orders`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { stockedMerchant } from '../inventory/inventory.test-support';
import { insertVariants } from '../inventory/stock.test-support';
import { verifyStock } from '../invariants';
import { monterreyAddress } from '../shipments/guides.test-support';
import { balanceOf } from './orders.test-support';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const call = (...args: CallArgs) => callAs(ctx.app, ...args);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  await ctx.close();
});

const address = monterreyAddress;

function merchant() {
  return stockedMerchant(ctx, {
    company: `Manual ${randomUUID()}`,
    skus: [`M-${randomUUID()}`],
    onHand: 4,
    active: true,
  });
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

const orderBody = (m: Merchant, quantity = 3) => ({
  shipping_address: address,
  lines: [{ variant_id: m.variantId, quantity, unit_price: 25_000 }],
  shipping_price: 9_900,
  payment_state: 'paid',
  location_id: m.locationId,
  tags: ['mayoreo'],
});

const create = (user: TestUser, body: object, key = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: user.headers({ 'idempotency-key': key }),
    payload: body,
  });

describe('manual orders', () => {
  it('are numbered per organization, reserve their units and answer the same key once', async () => {
    const m = await merchant();
    const key = randomUUID();
    const first = await create(m.user, orderBody(m), key);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json().data;
    expect(order).toMatchObject({
      number: 'M-000001',
      source: 'manual',
      total: 3 * 25_000 + 9_900,
      fulfillment_state: 'unfulfilled',
      tags: ['mayoreo'],
      items: 3,
      address_editable: true,
    });
    expect(order.lines[0]).toMatchObject({ reserved_quantity: 3, remaining_quantity: 3 });
    const again = await create(m.user, orderBody(m), key);
    expect(again.json().data.id).toBe(order.id);
    // The same key twice at once: one order, its units reserved once.
    const raced = randomUUID();
    const both = await Promise.all([
      create(m.user, orderBody(m, 1), raced),
      create(m.user, orderBody(m, 1), raced),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(both[0]!.json().data.id).toBe(both[1]!.json().data.id);
    const cancelled = await call(m.user, 'POST', `/orders/${both[0]!.json().data.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(ctx.db, m.variantId, m.stockLocationId)).toEqual({
      on_hand: 4,
      reserved: 3,
    });
    // Two more units do not fit: nothing is created.
    const short = await create(m.user, orderBody(m, 2));
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().error.code).toBe('INSUFFICIENT_STOCK');
    const second = await create(m.user, orderBody(m, 1));
    expect(second.json().data.number).toBe('M-000003');
  });

  it('lists by tab, filter and search; tags and the address change; cancelling releases', async () => {
    const m = await merchant();
    const a = (await create(m.user, orderBody(m, 1))).json().data;
    const b = (
      await create(m.user, { ...orderBody(m, 1), tags: [], payment_state: 'pending' })
    ).json().data;
    const page = async (query: string) => (await call(m.user, 'GET', `/orders?${query}`)).json();
    expect((await page('tab=unfulfilled')).meta.total).toBe(2);
    expect((await page('tag=mayoreo')).data.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect((await page('payment=pending')).data.map((o: { id: string }) => o.id)).toEqual([b.id]);
    expect((await page(`search=${a.number}`)).meta.total).toBe(1);
    expect((await page('search=destinatario')).meta.total).toBe(2);
    const tagged = await call(m.user, 'PUT', `/orders/${b.id}/tags`, { tags: ['urgente'] });
    expect(tagged.json().data.tags).toEqual(['urgente']);
    const moved = await call(m.user, 'PUT', `/orders/${b.id}/address`, {
      shipping_address: { ...address, street: 'Calle Nueva' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.shipping_address.street).toBe('Calle Nueva');
    const cancelled = await call(m.user, 'POST', `/orders/${b.id}/cancel`, {});
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await page('tab=cancelled')).data.map((o: { id: string }) => o.id)).toEqual([b.id]);
    expect(await balanceOf(ctx.db, m.variantId, m.stockLocationId)).toEqual({
      on_hand: 4,
      reserved: 1,
    });
    const twice = await call(m.user, 'POST', `/orders/${b.id}/cancel`, {});
    expect(twice.json().error.code).toBe('ORDER_CANCELLED');
    const summary = (await call(m.user, 'GET', '/orders/summary')).json().data;
    expect(summary).toEqual({ open: 1, unfulfilled: 1, last_30_days: 2 });
    const dashboard = (await call(m.user, 'GET', '/dashboard/summary')).json().data;
    expect(dashboard.ecommerce_orders).toBe(1);
  });

  it('is 404 for another organization and 403 without ecommerce.orders', async () => {
    const m = await merchant();
    const order = (await create(m.user, orderBody(m, 1))).json().data;
    const line = order.lines[0].id;
    const other = await createTestMerchant(ctx, `Otro ${randomUUID()}`);
    const unknown = randomUUID();
    await expectEachNotFound(call, other.user, [
      ['GET', `/orders/${order.id}`],
      ['PUT', `/orders/${order.id}/tags`, { tags: ['x'] }],
      ['PUT', `/orders/${order.id}/address`, { shipping_address: address }],
      ['PUT', `/orders/${order.id}/lines/${line}/variant`, { variant_id: m.variantId }],
      ['POST', `/orders/${order.id}/cancel`, {}],
      ['POST', `/orders/${order.id}/fulfillments/${unknown}/push`],
      ['GET', `/orders/bulk-labels/${unknown}`],
    ]);
    expect((await call(other.user, 'GET', '/orders')).json().meta.total).toBe(0);
    // B cannot place an order from A's location.
    const [ownVariant] = await insertVariants(ctx.db, other.organization.id, 1);
    const foreign = await create(other.user, {
      ...orderBody(m, 1),
      lines: [{ variant_id: ownVariant, quantity: 1, unit_price: 100 }],
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    const clerk = await createTestUser(ctx, {
      organizationId: m.organizationId,
      permissions: ['warehousing.products'],
    });
    await expectEachForbidden(call, clerk, [
      ['GET', '/orders'],
      ['GET', '/orders/summary'],
      ['GET', `/orders/${order.id}`],
      ['POST', `/orders/${order.id}/cancel`, {}],
    ]);
    expect((await call(m.user, 'GET', `/orders/${order.id}`)).json().data.status).toBe('open');
  });
});

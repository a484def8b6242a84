/**
 * Issue 22, the sink synced orders arrive at: convergence whatever the delivery order,
 * replays changing nothing, cancellation and shrinking lines releasing stock, unmapped SKUs
 * linked by hand and remembered, and the history of it all.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, type TestUser } from '../../../test/users';
import { stockedMerchant } from '../inventory/inventory.test-support';
import { verifyStock } from '../invariants';
import type { StoreRef } from '../stores';
import { balanceOf, externalOrder, FakeStores } from './orders.test-support';

const stores = new FakeStores();
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { stores });
});
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  await ctx.close();
});

/** A merchant keeping 10 units of two SKUs at its default location, with a connected store. */
async function merchant() {
  const skus = [`A-${randomUUID()}`, `B-${randomUUID()}`];
  const m = await stockedMerchant(ctx, { skus, onHand: 10, active: true });
  const store = stores.add(m.organizationId);
  return { ...m, skus, variants: m.variantIds, store };
}

async function orderOf(user: TestUser, store: StoreRef) {
  const list = await callAs(ctx.app, user, 'GET', `/orders?store_id=${store.id}`);
  expect(list.statusCode, list.body).toBe(200);
  const [item] = list.json().data as { id: string }[];
  const detail = await callAs(ctx.app, user, 'GET', `/orders/${item!.id}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json().data;
}

describe('the sink', () => {
  it('converges to the newest state whatever the order of delivery, and replays change nothing', async () => {
    const m = await merchant();
    const v1 = externalOrder([{ sku: m.skus[0]!, quantity: 3 }], {
      updatedAt: '2026-03-01T10:00:00Z',
    });
    const v2 = externalOrder([{ sku: m.skus[0]!, quantity: 2 }], {
      updatedAt: '2026-03-01T11:00:00Z',
      tags: ['vip'],
    });
    // The newer state arrives first; the older one after it is stale.
    expect(await stores.apply(m.store, v2)).toBe('created');
    expect(await stores.apply(m.store, v1)).toBe('stale');
    expect(await stores.apply(m.store, v2)).toBe('unchanged');
    const order = await orderOf(m.user, m.store);
    expect(order.lines).toMatchObject([{ sku: m.skus[0], quantity: 2, reserved_quantity: 2 }]);
    expect(order.tags).toEqual(['vip']);
    expect(await balanceOf(ctx.db, m.variants[0]!, m.stockLocationId)).toEqual({
      on_hand: 10,
      reserved: 2,
    });
    const list = await callAs(ctx.app, m.user, 'GET', `/orders?search=${m.skus[0]}`);
    expect(list.json().meta.total).toBe(1);
    // stock:verify sees a line that says it holds other than what the order's moves hold.
    await ctx.db.execute(
      sql`update order_lines set reserved_quantity = 1 where sku = ${m.skus[0]}`,
    );
    expect((await verifyStock(ctx.db)).map((failure) => failure.check)).toEqual([
      'each order holds exactly its lines’ reservation',
    ]);
    await ctx.db.execute(
      sql`update order_lines set reserved_quantity = 2 where sku = ${m.skus[0]}`,
    );
  });

  it('applies two deliveries of a new order at once as one order', async () => {
    const m = await merchant();
    const order = externalOrder([{ sku: m.skus[1]!, quantity: 2 }], { externalId: 'twice' });
    const outcomes = await Promise.all([
      stores.apply(m.store, order),
      stores.apply(m.store, order),
    ]);
    expect(outcomes.sort()).toEqual(['created', 'unchanged']);
    expect((await callAs(ctx.app, m.user, 'GET', '/orders')).json().meta.total).toBe(1);
    expect((await balanceOf(ctx.db, m.variants[1]!, m.stockLocationId)).reserved).toBe(2);
  });

  it('meets one customer when four orders of a new buyer are applied at once', async () => {
    const m = await merchant();
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        stores.apply(
          m.store,
          externalOrder([{ sku: m.skus[0]!, quantity: 1 }], {
            externalId: `buyer-${n}`,
            number: `#B${n}`,
          }),
        ),
      ),
    );
    const customers = await callAs(ctx.app, m.user, 'GET', '/customers?search=lucia@prueba.mx');
    expect(customers.json().meta.total).toBe(1);
    const list = await callAs(ctx.app, m.user, 'GET', `/orders?store_id=${m.store.id}`);
    const ids = new Set<string>();
    for (const item of list.json().data as { id: string }[]) {
      ids.add((await callAs(ctx.app, m.user, 'GET', `/orders/${item.id}`)).json().data.customer.id);
    }
    expect([...ids]).toEqual([customers.json().data[0].id]);
  });

  it('releases stock when lines shrink and when the store cancels', async () => {
    const m = await merchant();
    await stores.apply(m.store, externalOrder([{ sku: m.skus[0]!, quantity: 4 }]));
    expect((await balanceOf(ctx.db, m.variants[0]!, m.stockLocationId)).reserved).toBe(4);
    await stores.apply(
      m.store,
      externalOrder([{ sku: m.skus[0]!, quantity: 1 }], { updatedAt: '2026-03-01T12:00:00Z' }),
    );
    expect((await balanceOf(ctx.db, m.variants[0]!, m.stockLocationId)).reserved).toBe(1);
    await stores.apply(
      m.store,
      externalOrder([{ sku: m.skus[0]!, quantity: 1 }], {
        updatedAt: '2026-03-01T13:00:00Z',
        cancelled: true,
      }),
    );
    expect((await balanceOf(ctx.db, m.variants[0]!, m.stockLocationId)).reserved).toBe(0);
    const order = await orderOf(m.user, m.store);
    expect(order.status).toBe('cancelled');
    expect(order.history.map((event: { code: string }) => event.code)).toContain(
      'order_cancelled_at_store',
    );
  });

  it('flags unmapped SKUs; a line linked by hand reserves and its SKU links the next orders', async () => {
    const m = await merchant();
    const unknown = `X-${randomUUID()}`;
    await stores.apply(m.store, externalOrder([{ sku: unknown, quantity: 2 }]));
    const order = await orderOf(m.user, m.store);
    expect(order.flags).toContain('unmapped_lines');
    expect(order.lines[0]).toMatchObject({ variant_id: null, reserved_quantity: 0 });
    const linked = await callAs(
      ctx.app,
      m.user,
      'PUT',
      `/orders/${order.id}/lines/${order.lines[0].id}/variant`,
      { variant_id: m.variants[1] },
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.flags).not.toContain('unmapped_lines');
    expect(linked.json().data.lines[0]).toMatchObject({
      variant_id: m.variants[1],
      reserved_quantity: 2,
    });
    expect(
      await stores.apply(
        m.store,
        externalOrder([{ sku: unknown, quantity: 1 }], { externalId: 'ext-2', number: '#1002' }),
      ),
    ).toBe('created');
    expect((await balanceOf(ctx.db, m.variants[1]!, m.stockLocationId)).reserved).toBe(3);
  });

  it('matches the customer in the address book or creates it, and cancels at the store outside', async () => {
    const m = await merchant();
    await stores.apply(m.store, externalOrder([{ sku: m.skus[0]!, quantity: 1 }]));
    const order = await orderOf(m.user, m.store);
    expect(order.customer.id).not.toBeNull();
    await stores.apply(
      m.store,
      externalOrder([{ sku: m.skus[0]!, quantity: 1 }], { externalId: 'ext-9', number: '#9' }),
    );
    const customers = await callAs(ctx.app, m.user, 'GET', '/customers?search=lucia@prueba.mx');
    expect(customers.json().meta.total).toBe(1);
    stores.refuseCancel = true;
    const refused = await callAs(ctx.app, m.user, 'POST', `/orders/${order.id}/cancel`, {
      at_store: true,
    });
    stores.refuseCancel = false;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('ORDER_STORE_CANCEL_REFUSED');
    const after = await callAs(ctx.app, m.user, 'GET', `/orders/${order.id}`);
    expect(after.json().data.status).toBe('cancelled');
  });
});

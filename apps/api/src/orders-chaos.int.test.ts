/**
 * Issue 22, sync that never loses or doubles an order: 2,000 orders across three sandbox stores
 * whose deliveries are duplicated, reordered, dropped and delayed (30 % each, seeded), some
 * edited and cancelled after they were placed. After the deliveries that did arrive and one
 * reconciliation pass, there are no duplicate and no missing orders, and every order equals the
 * store's state: its number, lines, payment state and cancellation.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger, verifyStock } from './modules/invariants';
import {
  listeningApp,
  merchantWithStock,
  runJobs,
  storeDrivers,
  type ChainContext,
  type SandboxOrderState,
} from '../test/store-chain';

const ORDERS = 2000;
const CHAOS = { duplicate: 0.3, reorder: 0.3, drop: 0.3, delay: 0.3, delayMs: 90_000 };

let ctx: ChainContext;
beforeAll(async () => {
  ctx = await listeningApp();
});
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

type HeldOrder = {
  store_id: string;
  external_id: string;
  number: string;
  status: string;
  payment_state: string;
  quantities: string;
};

/** The orders this organization holds, one row each, with the units each line still wants shipped. */
async function heldOrders(organizationId: string) {
  const rows = await ctx.db.execute<HeldOrder>(sql`
    select o.store_id, o.external_id, o.number, o.status, o.payment_state,
           string_agg(l.sku || '×' || l.quantity, ',' order by l.sku, l.quantity) as quantities
      from orders o join order_lines l on l.order_id = o.id
     where o.organization_id = ${organizationId}
     group by o.id`);
  return rows.rows;
}

const asHeld = (storeId: string, order: SandboxOrderState) => ({
  store_id: storeId,
  external_id: order.externalId,
  number: order.number,
  status: order.cancelled ? 'cancelled' : 'open',
  payment_state: order.paymentState,
  // What the store still wants shipped: nothing of a cancelled order.
  quantities: order.lines
    .map((line) => `${line.sku}×${order.cancelled ? 0 : line.quantity}`)
    .sort()
    .join(','),
});

describe('sync under chaotic deliveries', () => {
  it(`keeps ${ORDERS} orders across three stores, none doubled or lost`, async () => {
    const skus = Array.from(
      { length: 5 },
      (_, index) => `CAOS-${index}-${randomUUID().slice(0, 6)}`,
    );
    const merchant = await merchantWithStock(ctx, skus, 1_000_000);
    const drivers = storeDrivers(ctx);
    const stores = [];
    for (const [index, driver] of drivers.entries()) {
      const store = await driver.connect(
        merchant.user,
        `caos-${index}-${randomUUID().slice(0, 6)}`,
      );
      await driver.setChaos(store, { ...CHAOS, seed: 7 + index });
      stores.push({ driver, store });
    }
    await runJobs(ctx, 2);

    // Placed, then a fifth edited and a tenth cancelled, each change a moment later.
    for (let index = 0; index < ORDERS; index += 1) {
      const { driver, store } = stores[index % stores.length]!;
      ctx.clock.advance(1000);
      const placed = await driver.createOrder(store, {
        lines: [{ sku: skus[index % skus.length]!, quantity: 1 + (index % 3), price: 25_000 }],
        paid: index % 4 !== 0,
      });
      if (index % 5 === 0) {
        ctx.clock.advance(1000);
        await driver.markPaid(store, placed);
      }
      if (index % 10 === 3) {
        ctx.clock.advance(1000);
        await driver.cancel(store, placed);
      }
    }
    // Every delivery the chaos lets through, delayed ones included, and their processing.
    await runJobs(ctx, 6, CHAOS.delayMs);
    const beforeReconciliation = await heldOrders(merchant.organizationId);
    // Deliveries were dropped: the webhooks alone lost orders (the reconciliation has a job).
    expect(beforeReconciliation.length).toBeLessThan(ORDERS);

    for (const { driver, store } of stores) await driver.reconcile(store);
    await runJobs(ctx, 2);

    const held = await heldOrders(merchant.organizationId);
    const expected = [];
    for (const { driver, store } of stores) {
      for (const order of await driver.orders(store)) expected.push(asHeld(store.id, order));
    }
    expect(expected).toHaveLength(ORDERS);
    const key = (order: { store_id: string; external_id: string }) =>
      `${order.store_id}/${order.external_id}`;
    expect(new Set(held.map(key)).size).toBe(held.length);
    const byKey = new Map(held.map((order) => [key(order), order]));
    const missing = expected.filter((order) => !byKey.has(key(order)));
    expect(missing).toEqual([]);
    const differing = expected.filter(
      (order) => JSON.stringify(byKey.get(key(order))) !== JSON.stringify(order),
    );
    expect(differing.slice(0, 3)).toEqual([]);
    expect(held).toHaveLength(ORDERS);
  }, 600_000);
});

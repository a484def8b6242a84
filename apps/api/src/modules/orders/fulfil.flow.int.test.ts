/**
 * Issue 22, an order's fulfilment as a flow (decision 028): partial fulfilments, a crash right
 * after each step and during the carrier's call resumed to one guide and one stock move, a
 * carrier's refusal leaving the order's reservation whole, and the tracking push retried with
 * backoff until the store takes it (or refused for good, then retried by hand).
 */
import { randomUUID } from 'node:crypto';
import type { QuoteView } from '@despacho/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Crash, flowHarness } from '../../../test/flow-harness';
import type { createTestApp } from '../../../test/test-app';
import { callAs, signIn } from '../../../test/users';
import { stockedMerchant } from '../inventory/inventory.test-support';
import { verifyLedger, verifyStock } from '../invariants';
import { jobs } from '../../platform/jobs.store';
import { FULFIL_FLOW, PUSH_FULFILMENT_JOB } from './fulfil.flow';
import { balanceOf, externalOrder, FakeStores } from './orders.test-support';

const PARCEL = { length: 30, width: 20, height: 15, weight: 2 };
const stores = new FakeStores();
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let flow: Awaited<ReturnType<typeof flowHarness>>;

beforeAll(async () => {
  flow = await flowHarness({ stores });
  ctx = flow.ctx;
});
beforeEach(() => {
  flow.reset();
  stores.failPushes = { times: 0, kind: 'unavailable' };
});
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

/** A funded merchant keeping 5 units, with a store's order of 3 of them and a quote for it. */
async function syncedOrder(number = '#1001') {
  const sku = `SKU-${randomUUID()}`;
  const { user, organizationId, locationId, stockLocationId, variantId } = await stockedMerchant(
    ctx,
    { company: `Pedidos ${randomUUID()}`, skus: [sku], onHand: 5, funds: 500_000, active: true },
  );
  const store = stores.add(organizationId);
  await stores.apply(store, externalOrder([{ sku, quantity: 3 }], { number }));
  const [order] = (await callAs(ctx.app, user, 'GET', '/orders')).json().data as { id: string }[];
  const detail = (await callAs(ctx.app, user, 'GET', `/orders/${order!.id}`)).json().data;
  const quoted = await callAs(ctx.app, user, 'POST', `/orders/${order!.id}/quote`, {
    origin_id: locationId,
    parcels: [PARCEL],
    lines: [{ line_id: detail.lines[0].id, quantity: 2 }],
  });
  expect(quoted.statusCode, quoted.body).toBe(201);
  const quote = quoted.json().data as QuoteView;
  const rate = quote.rates.find((candidate) => candidate.carrier_key === 'estafeta')!;
  return {
    user,
    organizationId,
    orderId: order!.id,
    storeId: store.id,
    lineId: detail.lines[0].id as string,
    variantId,
    stockLocationId,
    key: randomUUID(),
    body: {
      origin_id: locationId,
      parcels: [PARCEL],
      lines: [{ line_id: detail.lines[0].id, quantity: 2 }],
      quote_id: quote.id,
      rate_id: rate.id,
    },
  };
}
type Setup = Awaited<ReturnType<typeof syncedOrder>>;

const fulfil = async (setup: Setup) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${setup.orderId}/fulfillments`,
    headers: (await signIn(ctx, setup.user)).headers({ 'idempotency-key': setup.key }),
    payload: setup.body,
  });
const detailOf = async (setup: Setup) =>
  (await callAs(ctx.app, await signIn(ctx, setup.user), 'GET', `/orders/${setup.orderId}`)).json()
    .data;

async function guidesOf(organizationId: string) {
  const rows = await ctx.db.execute<{ purchase_state: string }>(
    sql`select purchase_state from shipments where organization_id = ${organizationId}`,
  );
  return rows.rows.map((row) => row.purchase_state);
}

/** When pg-boss will run the fulfilment's push job again. */
async function pushRetryAt(fulfillmentId: string): Promise<Date> {
  const [job] = await ctx.db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, PUSH_FULFILMENT_JOB),
        eq(jobs.state, 'retry'),
        sql`${jobs.payload} ->> 'fulfillment_id' = ${fulfillmentId}`,
      ),
    );
  return job!.runAt;
}

/** Due jobs run, the clock past any retry's backoff. */
async function runJobs(rounds = 1) {
  for (let round = 0; round < rounds; round += 1) {
    ctx.clock.advance(2 * 60 * 60_000);
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
  }
}

/** Two of three units sent once, with one guide, one stock move and one push. */
async function expectFulfilledOnce(setup: Setup) {
  await runJobs();
  const order = await detailOf(setup);
  expect(order.fulfillment_state).toBe('partial');
  expect(order.lines[0]).toMatchObject({
    fulfilled_quantity: 2,
    remaining_quantity: 1,
    reserved_quantity: 1,
  });
  expect(order.fulfillments).toHaveLength(1);
  expect(order.fulfillments[0]).toMatchObject({ state: 'bought', push: { state: 'pushed' } });
  expect(await balanceOf(ctx.db, setup.variantId, setup.stockLocationId)).toEqual({
    on_hand: 3,
    reserved: 1,
  });
  expect(await guidesOf(setup.organizationId)).toEqual(['purchased']);
  const pushes = stores.pushes.filter((p) => p.push.idempotencyKey === order.fulfillments[0].id);
  expect(pushes).toHaveLength(1);
  expect(pushes[0]!.push.trackingNumber).toBe(order.fulfillments[0].tracking_number);
  // The request sent again answers the same fulfilment and buys nothing.
  const again = await fulfil(setup);
  expect(again.statusCode, again.body).toBe(201);
  expect(again.json().data.id).toBe(order.fulfillments[0].id);
  expect(await guidesOf(setup.organizationId)).toEqual(['purchased']);
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
}

const crashAt = (step: string, state = 'running') => flow.crashAt(FULFIL_FLOW, step, state);

describe('an order fulfilment', () => {
  it('sends part of an order, then the rest, each line’s remaining quantity following', async () => {
    const setup = await syncedOrder();
    const first = await fulfil(setup);
    expect(first.statusCode, first.body).toBe(201);
    await expectFulfilledOnce(setup);
    const rest = { ...setup, key: randomUUID() };
    rest.body = { ...setup.body, lines: [{ line_id: setup.lineId, quantity: 2 }] };
    const tooMany = await fulfil(rest);
    expect(tooMany.json().error.code).toBe('ORDER_QUANTITY_EXCEEDS_REMAINING');
    rest.body.lines = [{ line_id: setup.lineId, quantity: 1 }];
    const quote = await callAs(
      ctx.app,
      await signIn(ctx, setup.user),
      'POST',
      `/orders/${setup.orderId}/quote`,
      rest.body,
    );
    rest.body = { ...rest.body, quote_id: quote.json().data.id };
    const second = await fulfil(rest);
    expect(second.statusCode, second.body).toBe(201);
    const order = await detailOf(setup);
    expect(order.fulfillment_state).toBe('fulfilled');
    expect(await balanceOf(ctx.db, setup.variantId, setup.stockLocationId)).toEqual({
      on_hand: 2,
      reserved: 0,
    });
    // Once fulfilled, neither the address nor the order can be changed or cancelled.
    expect(order.address_editable).toBe(false);
  });

  it('resumes a fulfilment that died right after it started', async () => {
    const setup = await syncedOrder();
    flow.hooks.atCheckpoint = crashAt('buy');
    expect((await fulfil(setup)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    expect(await guidesOf(setup.organizationId)).toEqual([]);
    await flow.recover();
    await expectFulfilledOnce(setup);
  });

  it('resumes a fulfilment that died during the carrier call', async () => {
    const setup = await syncedOrder();
    flow.hooks.atCarrier = async () => {
      flow.hooks.atCarrier = undefined;
      throw new Crash('the process died while the carrier answered');
    };
    expect((await fulfil(setup)).statusCode).toBe(500);
    await flow.recover();
    await expectFulfilledOnce(setup);
  });

  it('resumes a fulfilment that died right after the guide was bought', async () => {
    const setup = await syncedOrder();
    flow.hooks.atCheckpoint = crashAt('settle');
    expect((await fulfil(setup)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    expect(await guidesOf(setup.organizationId)).toEqual(['purchased']);
    // Bought but not settled: the units are still the order's reservation, nothing shipped.
    expect(await balanceOf(ctx.db, setup.variantId, setup.stockLocationId)).toEqual({
      on_hand: 5,
      reserved: 3,
    });
    expect(stores.pushes.filter((p) => p.storeId === setup.storeId)).toEqual([]);
    await flow.recover();
    await expectFulfilledOnce(setup);
  });

  it('has nothing left to do after a crash right after settling', async () => {
    const setup = await syncedOrder();
    flow.hooks.atCheckpoint = crashAt('settle', 'succeeded');
    expect((await fulfil(setup)).statusCode).toBe(500);
    flow.hooks.atCheckpoint = undefined;
    await flow.recover();
    await expectFulfilledOnce(setup);
  });

  it('leaves the order’s reservation whole when the carrier refuses', async () => {
    const setup = await syncedOrder('SANDBOX-FALLA');
    const refused = await fulfil(setup);
    expect(refused.statusCode, refused.body).toBe(502);
    const order = await detailOf(setup);
    expect(order.fulfillments[0]).toMatchObject({
      state: 'failed',
      error: 'GUIDE_PAYMENT_FAILED',
      push: { state: 'not_applicable' },
    });
    expect(order.lines[0]).toMatchObject({ fulfilled_quantity: 0, reserved_quantity: 3 });
    expect(await balanceOf(ctx.db, setup.variantId, setup.stockLocationId)).toEqual({
      on_hand: 5,
      reserved: 3,
    });
    expect(await guidesOf(setup.organizationId)).toEqual(['failed']);
    await runJobs();
    expect(stores.pushes.filter((p) => p.push.idempotencyKey === order.fulfillments[0].id)).toEqual(
      [],
    );
  });

  it('refuses a line that is not linked to the catalogue', async () => {
    const setup = await syncedOrder();
    const store = stores.stores.get(setup.storeId)!;
    await stores.apply(
      store,
      externalOrder([{ sku: `X-${randomUUID()}`, quantity: 1 }], {
        externalId: 'ext-x',
        number: '#X',
      }),
    );
    const list = (
      await callAs(ctx.app, await signIn(ctx, setup.user), 'GET', '/orders?search=%23x')
    ).json();
    const unmapped = (
      await callAs(ctx.app, await signIn(ctx, setup.user), 'GET', `/orders/${list.data[0].id}`)
    ).json().data;
    const refused = await fulfil({
      ...setup,
      orderId: unmapped.id,
      body: { ...setup.body, lines: [{ line_id: unmapped.lines[0].id, quantity: 1 }] },
    });
    expect(refused.json().error.code).toBe('ORDER_LINES_UNMAPPED');
    expect(await guidesOf(setup.organizationId)).toEqual([]);
  });
});

describe('a fulfilment whose guide is cancelled', () => {
  it('gets its units back on hand, the lines want them again, and the order is unfulfilled', async () => {
    const setup = await syncedOrder();
    const bought = await fulfil(setup);
    expect(bought.statusCode, bought.body).toBe(201);
    const shipmentId = bought.json().data.shipment_id;
    const user = await signIn(ctx, setup.user);
    const requested = await callAs(ctx.app, user, 'POST', `/shipments/${shipmentId}/cancellation`);
    expect(requested.statusCode, requested.body).toBe(202);
    ctx.clock.advance(2 * 60_000);
    await ctx.app.jobs.runDue(ctx.clock.now());
    const order = await detailOf(setup);
    expect(order.fulfillments[0].state).toBe('cancelled');
    expect(order.fulfillment_state).toBe('unfulfilled');
    expect(order.lines[0]).toMatchObject({ fulfilled_quantity: 0, reserved_quantity: 3 });
    expect(await balanceOf(ctx.db, setup.variantId, setup.stockLocationId)).toEqual({
      on_hand: 5,
      reserved: 3,
    });
    expect(await verifyStock(ctx.db)).toEqual([]);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });
});

describe('the tracking push', () => {
  it('is retried with backoff until the store takes it, each attempt in the history', async () => {
    const setup = await syncedOrder();
    stores.failPushes = { times: 2, kind: 'unavailable' };
    expect((await fulfil(setup)).statusCode).toBe(201);
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
    let order = await detailOf(setup);
    expect(order.fulfillments[0].push).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'store_unavailable',
    });
    // The next attempt shown is the very time the job's backoff (1 to 2 minutes) set.
    const next = new Date(order.fulfillments[0].push.next_attempt_at).getTime();
    expect(next).toBe((await pushRetryAt(order.fulfillments[0].id)).getTime());
    expect(next - ctx.clock.now().getTime()).toBeGreaterThanOrEqual(60_000);
    expect(next - ctx.clock.now().getTime()).toBeLessThanOrEqual(120_000);
    await runJobs(3);
    order = await detailOf(setup);
    expect(order.fulfillments[0].push).toMatchObject({
      state: 'pushed',
      attempts: 3,
      last_error: null,
      next_attempt_at: null,
    });
    expect(
      stores.pushes.filter((p) => p.push.idempotencyKey === order.fulfillments[0].id),
    ).toHaveLength(3);
    expect(
      order.history.filter((event: { code: string }) => event.code === 'order_push'),
    ).toHaveLength(3);
  });

  it('goes at once when the merchant retries a push waiting out its backoff', async () => {
    const setup = await syncedOrder();
    stores.failPushes = { times: 1, kind: 'unavailable' };
    expect((await fulfil(setup)).statusCode).toBe(201);
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
    const id = (await detailOf(setup)).fulfillments[0].id;
    const retried = await callAs(
      ctx.app,
      await signIn(ctx, setup.user),
      'POST',
      `/orders/${setup.orderId}/fulfillments/${id}/push`,
    );
    expect(retried.json().data.push.next_attempt_at).toBe(ctx.clock.now().toISOString());
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
    expect((await detailOf(setup)).fulfillments[0].push).toMatchObject({
      state: 'pushed',
      attempts: 2,
      next_attempt_at: null,
    });
  });

  it('fails for good once its retries are spent, with no next attempt shown', async () => {
    const setup = await syncedOrder();
    stores.failPushes = { times: 100, kind: 'unavailable' };
    expect((await fulfil(setup)).statusCode).toBe(201);
    await runJobs(14);
    const order = await detailOf(setup);
    expect(order.fulfillments[0].push).toMatchObject({
      state: 'failed',
      attempts: 13,
      last_error: 'store_unavailable',
      next_attempt_at: null,
    });
  });

  it('stops when the store refuses for good, and goes again when the merchant retries', async () => {
    const setup = await syncedOrder();
    stores.failPushes = { times: 1, kind: 'refused' };
    expect((await fulfil(setup)).statusCode).toBe(201);
    await runJobs(2);
    let order = await detailOf(setup);
    const id = order.fulfillments[0].id;
    expect(order.fulfillments[0].push).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'store_refused',
    });
    const retried = await callAs(
      ctx.app,
      await signIn(ctx, setup.user),
      'POST',
      `/orders/${setup.orderId}/fulfillments/${id}/push`,
    );
    expect(retried.statusCode, retried.body).toBe(202);
    await runJobs();
    order = await detailOf(setup);
    expect(order.fulfillments[0].push).toMatchObject({ state: 'pushed', attempts: 2 });
  });
});

/**
 * Issue 22, bulk labels: one background run over the selected orders, each labelled by the
 * rule through the fulfilment flow; an order's error does not stop the rest; the balance is
 * checked up front; a run stopped mid-way (a crash) resumes without buying a label twice; the
 * labels come merged in one PDF (or ZPL).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Crash, flowHarness } from '../../../test/flow-harness';
import type { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, signIn, type TestUser } from '../../../test/users';
import { createOwnStockLocation } from '../inventory/inventory.test-support';
import { insertVariants } from '../inventory/stock.test-support';
import { verifyLedger, verifyStock } from '../invariants';
import { fund } from '../shipments/guides.test-support';
import { FULFIL_FLOW } from './fulfil.flow';
import { activate, externalOrder, FakeStores } from './orders.test-support';

const stores = new FakeStores();
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let flow: Awaited<ReturnType<typeof flowHarness>>;

beforeAll(async () => {
  flow = await flowHarness({ stores });
  ctx = flow.ctx;
});
beforeEach(() => flow.reset());
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

/** A merchant with a saved package and a store's orders, one per number, one unit each. */
async function merchant(numbers: string[], funds = 500_000) {
  const { user, organization } = await createTestMerchant(ctx, `Masivo ${randomUUID()}`);
  if (funds) await fund(ctx, organization.id, funds);
  const { locationId, stockLocationId } = await createOwnStockLocation(ctx, user);
  const sku = `B-${randomUUID()}`;
  const [variantId] = await insertVariants(ctx.db, organization.id, 1, { skus: [sku] });
  await activate(ctx.db, [variantId!]);
  await ctx.app.services.stock.adjust(organization.id, {
    cause: { type: 'adjustment', id: `count-${randomUUID()}` },
    location: stockLocationId,
    lines: [{ variant_id: variantId!, on_hand: 10 }],
  });
  const pkg = await callAs(ctx.app, user, 'POST', '/packages', {
    name: 'Caja',
    unit: 'cm_kg',
    height: 15,
    length: 30,
    width: 20,
    weight: 1,
    sat_code: '24112700',
  });
  expect(pkg.statusCode, pkg.body).toBe(201);
  const store = stores.add(organization.id);
  for (const [index, number] of numbers.entries()) {
    await stores.apply(
      store,
      externalOrder([{ sku, quantity: 1 }], { externalId: `bulk-${index}`, number }),
    );
  }
  const list = (await callAs(ctx.app, user, 'GET', '/orders?pageSize=100')).json().data as {
    id: string;
    number: string;
  }[];
  const ids = numbers.map((number) => list.find((order) => order.number === number)!.id);
  return {
    user,
    organizationId: organization.id,
    ids,
    body: {
      order_ids: ids,
      rule: 'cheapest',
      origin_id: locationId,
      package_id: pkg.json().data.id,
    },
  };
}

const start = async (user: TestUser, body: object, key = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/orders/bulk-labels',
    headers: (await signIn(ctx, user)).headers({ 'idempotency-key': key }),
    payload: body,
  });
const runOf = async (user: TestUser, id: string) =>
  (await callAs(ctx.app, await signIn(ctx, user), 'GET', `/orders/bulk-labels/${id}`)).json().data;

async function guidesOf(organizationId: string) {
  const rows = await ctx.db.execute<{ purchase_state: string }>(
    sql`select purchase_state from shipments where organization_id = ${organizationId}`,
  );
  return rows.rows.map((row) => row.purchase_state).sort();
}

describe('bulk labels', () => {
  it('labels each order by the rule, records an order’s error and goes on, and merges the labels', async () => {
    const m = await merchant(['#1', 'SANDBOX-FALLA', '#3']);
    const started = await start(m.user, m.body);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data).toMatchObject({ state: 'running', total: 3, bought: 0 });
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
    const run = await runOf(m.user, started.json().data.id);
    expect(run).toMatchObject({
      state: 'done',
      total: 3,
      bought: 2,
      failed: 1,
      labels_ready: true,
    });
    expect(run.items.map((item: { state: string }) => item.state)).toEqual([
      'bought',
      'failed',
      'bought',
    ]);
    expect(run.items[1].error).toBe('GUIDE_PAYMENT_FAILED');
    expect(run.charged).toBeGreaterThan(0);
    expect(await guidesOf(m.organizationId)).toEqual(['failed', 'purchased', 'purchased']);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/orders/bulk-labels/${run.id}/labels`,
      headers: (await signIn(ctx, m.user)).headers(),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const zpl = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/orders/bulk-labels/${run.id}/labels?format=zpl`,
      headers: (await signIn(ctx, m.user)).headers(),
    });
    expect(zpl.body.match(/\^XA/g)).toHaveLength(2);
  });

  it('resumes after a crash mid-run without buying any label twice', async () => {
    const m = await merchant(['#1', '#2', '#3']);
    const key = randomUUID();
    const started = await start(m.user, m.body, key);
    // The second order's fulfilment dies right after its guide is bought.
    let seen = 0;
    flow.hooks.atCheckpoint = async (run) => {
      if (run.kind !== FULFIL_FLOW || run.step !== 'settle' || run.state !== 'running') return;
      seen += 1;
      if (seen === 2) throw new Crash('the process died');
    };
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
    flow.hooks.atCheckpoint = undefined;
    expect((await runOf(m.user, started.json().data.id)).state).toBe('running');
    await flow.recover();
    const run = await runOf(m.user, started.json().data.id);
    expect(run).toMatchObject({ state: 'done', bought: 3, failed: 0 });
    expect(await guidesOf(m.organizationId)).toEqual(['purchased', 'purchased', 'purchased']);
    // The same request again answers the same run.
    const again = await start(m.user, m.body, key);
    expect(again.statusCode).toBe(202);
    expect(again.json().data).toMatchObject({ id: run.id, bought: 3 });
    expect(await guidesOf(m.organizationId)).toHaveLength(3);
  });

  it('refuses up front when the balance does not cover the estimate', async () => {
    const m = await merchant(['#1', '#2'], 0);
    const refused = await start(m.user, m.body);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().error.code).toBe('BULK_LABELS_BALANCE');
    expect(await guidesOf(m.organizationId)).toEqual([]);
  });
});

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
import { multipart } from '../../../test/multipart';
import { callAs, signIn, type TestUser } from '../../../test/users';
import { stockedMerchant } from '../inventory/inventory.test-support';
import { verifyLedger, verifyStock } from '../invariants';
import { parcelBox } from '../shipments/guides.test-support';
import { FULFIL_FLOW } from './fulfil.flow';
import { externalOrder, FakeStores } from './orders.test-support';

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
  const sku = `B-${randomUUID()}`;
  const { user, organizationId, locationId } = await stockedMerchant(ctx, {
    company: `Masivo ${randomUUID()}`,
    skus: [sku],
    onHand: 10,
    funds,
    active: true,
  });
  const pkg = await callAs(ctx.app, user, 'POST', '/packages', parcelBox);
  expect(pkg.statusCode, pkg.body).toBe(201);
  const store = stores.add(organizationId);
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
    organizationId,
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

describe('bulk labels from a CSV', () => {
  const upload = async (user: TestUser, text: string | Buffer, language = 'es') => {
    const content = typeof text === 'string' ? Buffer.from(text) : text;
    const form = multipart({ name: 'pedidos.csv', content, type: 'text/csv' });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders/bulk-labels/csv',
      payload: form.payload,
      headers: {
        ...form.headers,
        ...(await signIn(ctx, user)).headers({ 'x-language': language }),
      },
    });
  };
  const setState = (id: string, column: 'status' | 'fulfillment_state', value: string) =>
    ctx.db.execute(sql`update orders set ${sql.raw(column)} = ${value} where id = ${id}`);

  it('names each row’s order or why it is left out, and the run labels the ones named', async () => {
    const m = await merchant(['#2001', '#2002', '#2003', '#2004']);
    await setState(m.ids[2]!, 'status', 'cancelled');
    await setState(m.ids[3]!, 'fulfillment_state', 'fulfilled');
    // Another store of the same organization with a number the first one uses too.
    await stores.apply(
      stores.add(m.organizationId),
      externalOrder([{ sku: null, quantity: 1 }], { externalId: 'other-1', number: '#2002' }),
    );
    const resolved = await upload(
      m.user,
      '\uFEFFPedido\r\n#2001\r\n2002\r\n#2003\r\n#2004\r\n#9999\r\n#2001\r\n',
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    const view = resolved.json().data;
    expect(view.rows).toEqual([
      { row: 2, number: '#2001', order_id: m.ids[0], error: null },
      { row: 3, number: '2002', order_id: null, error: 'BULK_CSV_ORDER_AMBIGUOUS' },
      { row: 4, number: '#2003', order_id: null, error: 'ORDER_CANCELLED' },
      { row: 5, number: '#2004', order_id: null, error: 'BULK_CSV_ORDER_FULFILLED' },
      { row: 6, number: '#9999', order_id: null, error: 'BULK_CSV_ORDER_UNKNOWN' },
      { row: 7, number: '#2001', order_id: null, error: 'BULK_CSV_ORDER_REPEATED' },
    ]);
    expect(view.order_ids).toEqual([m.ids[0]]);

    const started = await start(m.user, { ...m.body, order_ids: view.order_ids });
    expect(started.statusCode, started.body).toBe(202);
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
    expect(await runOf(m.user, started.json().data.id)).toMatchObject({
      state: 'done',
      total: 1,
      bought: 1,
    });
  });

  it('tells apart a number two stores share by the store column, and refuses me2 orders up front', async () => {
    // #4001 in the Shopify store (the merchant's) and in a WooCommerce store; #4002 shipped
    // by Mercado Libre (Mercado Envíos).
    const m = await merchant(['#4001']);
    const woo = stores.add(m.organizationId, 'woocommerce');
    await stores.apply(
      woo,
      externalOrder([{ sku: null, quantity: 1 }], { externalId: 'woo-1', number: '#4001' }),
    );
    await stores.apply(
      stores.add(m.organizationId, 'mercadolibre'),
      externalOrder([{ sku: null, quantity: 1 }], {
        externalId: 'ml-1',
        number: '4002',
        shippedByPlatform: true,
      }),
    );
    const list = (await callAs(ctx.app, m.user, 'GET', '/orders?pageSize=100')).json().data as {
      id: string;
      store: { id: string } | null;
    }[];
    const wooOrder = list.find((order) => order.store?.id === woo.id)!.id;
    const resolved = await upload(
      m.user,
      [
        'pedido,Tienda',
        '#4001,',
        '#4001,Shopify',
        '#4001,tienda WOOcommerce',
        '#4001,Mercado Libre',
        '#4002,',
      ].join('\n'),
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toEqual({
      rows: [
        { row: 2, number: '#4001', order_id: null, error: 'BULK_CSV_ORDER_AMBIGUOUS' },
        // By platform, then by the store's name (case, spaces and accents aside).
        { row: 3, number: '#4001', order_id: m.ids[0], error: null },
        { row: 4, number: '#4001', order_id: wooOrder, error: null },
        { row: 5, number: '#4001', order_id: null, error: 'BULK_CSV_ORDER_NOT_IN_STORE' },
        { row: 6, number: '#4002', order_id: null, error: 'ORDER_SHIPPED_BY_PLATFORM' },
      ],
      order_ids: [m.ids[0], wooOrder],
    });
    const english = await upload(m.user, 'order,store\n#4001,Amazon\n', 'en');
    expect(english.json().data.rows[0].error).toBe('BULK_CSV_ORDER_NOT_IN_STORE');
  });

  it('treats another organization’s numbers as unknown', async () => {
    const mine = await merchant(['#3001'], 0);
    const theirs = await merchant(['#3002'], 0);
    const resolved = await upload(mine.user, 'order\n#3001\n#3002\n', 'en');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toEqual({
      rows: [
        { row: 2, number: '#3001', order_id: mine.ids[0], error: null },
        { row: 3, number: '#3002', order_id: null, error: 'BULK_CSV_ORDER_UNKNOWN' },
      ],
      order_ids: [mine.ids[0]],
    });
    expect(theirs.ids).toHaveLength(1);
  });

  it('refuses a file without the header, or with more than 500 numbers, in the caller’s language', async () => {
    const m = await merchant([], 0);
    const headerless = await upload(m.user, 'sku\n#1001\n');
    expect(headerless.statusCode).toBe(400);
    expect(headerless.json().error).toMatchObject({
      code: 'BULK_CSV_HEADER',
      message: expect.stringContaining('«pedido»'),
    });
    const numbers = Array.from({ length: 501 }, (_, index) => `#${index + 1}`).join('\n');
    const tooMany = await upload(m.user, `pedido\n${numbers}\n`, 'en');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'BULK_CSV_TOO_MANY',
      message: 'The file has 501 orders; you can create labels for up to 500 at a time.',
    });
    const empty = await upload(m.user, 'pedido\n');
    expect(empty.json().error.code).toBe('BULK_CSV_EMPTY');
    const latin1 = await upload(m.user, Buffer.from('pedido\n#1001 Ñ\n', 'latin1'));
    expect(latin1.json().error.code).toBe('BULK_CSV_UNREADABLE');
  });
});

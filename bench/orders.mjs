// Orders and stores of `npm run bench -- --only orders` (issue 22), run by bench/run.mjs against
// its throwaway app, on the Shopify sandbox store the app serves itself (APP_URL/sandbox/shopify):
//   ingest    signed `orders/create` deliveries POSTed to /api/v1/webhooks/stores/shopify by
//             autocannon (50 connections, ~10 s), each a new order with its own
//             X-Shopify-Event-Id, with Shopify's headers and HMAC (the sandbox app's secret), for
//             a shop a merchant connected through the consent screen. The body is the sandbox's
//             own `orders/create` payload (ShopifySandbox#webhookPayload of a real sandbox order)
//             with the order's and its line's ids changed. Timed: the acknowledgement (verified,
//             stored once, job queued). The app's job worker applies them meanwhile, as in
//             production; how long it takes to apply the whole backlog is reported apart.
//   backfill  10,000 open orders created in a fresh sandbox shop through ShopifySandbox in this
//             process (untimed; the shop's cost bucket raised so throttling is not what is
//             measured), then the shop connected as a merchant does; timed from the connection
//             call until GET /api/v1/stores/{id} says the backfill is `done` (its finished_at).
//   labels    1,000 manual orders (POST /api/v1/orders, untimed) of two funded merchants, 500
//             each, with stock at their own location and a saved package, then both merchants'
//             bulk runs (POST /api/v1/orders/bulk-labels, at most 500 orders and one running run
//             per organization) started at once; timed until both runs are done (finished_at).
// Addresses are in the SEPOMEX sample the app loads (06700 Roma Norte, Cuauhtémoc, CDMX).
import { randomUUID } from 'node:crypto';
import { api } from './api-modules.mjs';
import { round } from './address-book.mjs';
import { cpuSeconds } from './cpu.mjs';
import { createMerchant, expect, stockAtLocation } from './shipments.mjs';

export const ORDERS_GOAL = {
  ingest: { minPerSecond: 1000, maxP99Ms: 50, connections: 50 },
  backfill: { orders: 10_000, maxSeconds: 60 },
  labels: { orders: 1000, merchants: 2, maxSeconds: 30 },
};

const WEBHOOK_PATH = '/api/v1/webhooks/stores/shopify';
/** Far above the sandbox's own ids (a sequence from 1001), so bench orders never collide. */
const INGEST_ID_BASE = 9_000_000_000;
/** How many sandbox orders are created at once for the backfill (untimed). */
const CREATE_LANES = 8;
const SHOP_ADDRESS = {
  name: 'Laura Garza',
  phone: '5512345678',
  address1: 'Calle Colima 120',
  address2: null,
  city: 'Ciudad de México',
  province: 'Ciudad de México',
  zip: '06700',
  countryCode: 'MX',
};
const ORDER_ADDRESS = {
  contact_name: 'Laura Garza',
  email: 'laura@boutiquesol.mx',
  phone: '5512345678',
  street: 'Calle Colima',
  external_number: '120',
  neighborhood: 'Roma Norte',
  city: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  state: 'Ciudad de México',
  zip: '06700',
};
const PACKAGE = {
  name: 'Caja',
  unit: 'cm_kg',
  height: 15,
  length: 30,
  width: 20,
  weight: 1,
  sat_code: '24112700',
};

const elapsedSince = (started) => (performance.now() - started) / 1000;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU of the API and PostgreSQL between two readings, in µs per `count` units of work. */
function cpuPer(before, after, count) {
  if (!before || !after || count === 0) return null;
  return {
    api_us: Math.round(((after.self - before.self) / count) * 1e6),
    postgres_us: Math.round(((after.descendants - before.descendants) / count) * 1e6),
  };
}

/** Runs `work(i)` for i in [0, count) with `lanes` at once. */
async function inLanes(count, lanes, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Asks `probe` every `everyMs` until it answers something, or gives up after `limitS`. */
async function waitFor(what, probe, { everyMs = 250, limitS = 600 } = {}) {
  const started = performance.now();
  for (;;) {
    const answer = await probe();
    if (answer) return answer;
    if (elapsedSince(started) > limitS) throw new Error(`${what}: not after ${limitS} s`);
    await pause(everyMs);
  }
}

/**
 * The Shopify sandbox in this process, on the app's database (the app serves the same rows over
 * HTTP). Orders are only created in shops not yet connected: no webhook subscription, so no
 * delivery is queued from here (the jobs below would say so).
 */
async function sandboxOf(db) {
  const { systemClock } = await api('platform/clock.ts');
  const { ShopifySandbox } = await api('modules/stores/shopify/shopify-sandbox.ts');
  const { SandboxShopifyDeliveries } = await api(
    'modules/stores/shopify/shopify-sandbox.deliveries.ts',
  );
  const { SANDBOX_SHOPIFY_APP } = await api('modules/stores/shopify/shopify-app.ts');
  const noJobs = {
    enqueue: () => Promise.reject(new Error('bench: a delivery from a connected shop')),
    enqueueMany: () => Promise.reject(new Error('bench: a delivery from a connected shop')),
  };
  const deliveries = new SandboxShopifyDeliveries({
    db,
    clock: systemClock,
    jobs: noJobs,
    apiSecret: SANDBOX_SHOPIFY_APP.apiSecret,
    apiVersion: 'unused',
    complianceUri: 'unused',
  });
  return new ShopifySandbox({ db, clock: systemClock, deliveries });
}

/** An open, paid sandbox order of one unit to the SEPOMEX sample address. */
const sandboxOrder = (sku) => ({
  email: 'laura@boutiquesol.mx',
  phone: '5512345678',
  shippingAddress: SHOP_ADDRESS,
  financialStatus: 'PAID',
  lines: [{ sku, title: 'Playera de algodón', quantity: 1, price: 12000 }],
});

/**
 * Connects a sandbox shop as a merchant does: the connect call, the consent screen's
 * «Instalar» posted, the callback's query handed back. Answers the store and when the
 * connection call (the last step, which starts the backfill) was sent.
 */
async function connectShop(merchant, domain) {
  const started = expect(
    await merchant.post('/stores', { platform: 'shopify', shop_domain: domain }),
    200,
    'POST /stores',
  );
  const url = new URL(started.authorize_url);
  const approved = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(url.searchParams),
    redirect: 'manual',
  });
  if (approved.status !== 302) throw new Error(`consent form: ${approved.status}`);
  const callback = new URL(approved.headers.get('location'));
  const connectedAt = Date.now();
  const store = expect(
    await merchant.post('/stores/authorizations', {
      platform: 'shopify',
      query: Object.fromEntries(callback.searchParams),
    }),
    200,
    'POST /stores/authorizations',
  );
  return { store, connectedAt };
}

/** Deliveries of a store not yet applied by the job worker. */
async function pendingEvents(db, storeId) {
  const { rows } = await db.$client.query(
    `select count(*)::int as pending from store_webhook_events
      where store_id = $1 and processed_at is null`,
    [storeId],
  );
  return rows[0].pending;
}

async function storeOrders(db, storeId) {
  const { rows } = await db.$client.query(
    `select count(*)::int as orders from orders where store_id = $1`,
    [storeId],
  );
  return rows[0].orders;
}

/** Signed `orders/create` deliveries for `shop`, each a new order and event, made on demand. */
async function deliveryMaker(template, shop, apiVersion) {
  const { SANDBOX_SHOPIFY_APP } = await api('modules/stores/shopify/shopify-app.ts');
  const { webhookHmac } = await api('modules/stores/shopify/shopify-signatures.ts');
  let made = 0;
  return () => {
    made += 1;
    const id = INGEST_ID_BASE + made;
    const body = JSON.stringify({
      ...template,
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      name: `#B${made}`,
      line_items: template.line_items.map((line, index) => ({
        ...line,
        id: id * 10 + index,
        admin_graphql_api_id: `gid://shopify/LineItem/${id * 10 + index}`,
      })),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-hmac-sha256': webhookHmac(body, SANDBOX_SHOPIFY_APP.apiSecret),
        'x-shopify-shop-domain': shop,
        'x-shopify-api-version': apiVersion,
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-event-id': randomUUID(),
        'x-shopify-triggered-at': new Date().toISOString(),
      },
    };
  };
}

async function ingestScenario(ctx, sandbox) {
  const { db, say, seconds, measure, summary } = ctx;
  const merchant = await createMerchant('ingest', ctx);
  const shop = `bench-ingest-${randomUUID().slice(0, 8)}.myshopify.com`;
  await sandbox.createShop({ domain: shop, name: 'Banco de pruebas (ingesta)' });
  // Made before the connection (no subscription yet, so nothing is delivered from here): the
  // very payload the sandbox's deliveries send (webhookPayload is private to TypeScript only).
  const template = sandbox.webhookPayload(
    await sandbox.createOrder(shop, sandboxOrder('BENCH-INGEST')),
  );
  const { store } = await connectShop(merchant, shop);
  // The API version the app subscribed with, which its deliveries carry.
  const {
    rows: [subscription],
  } = await db.$client.query(
    `select api_version from sandbox_shopify_webhooks where shop = $1 limit 1`,
    [shop],
  );
  const nextDelivery = await deliveryMaker(template, shop, subscription.api_version);
  const requests = [
    { setupRequest: (request) => ({ ...request, method: 'POST', ...nextDelivery() }) },
  ];
  const { connections } = ORDERS_GOAL.ingest;
  say(`Shopify webhook ingest: warm-up ${seconds(3)} s…`);
  await measure({ path: WEBHOOK_PATH, requests, connections, duration: seconds(3) });
  // The warm-up's backlog applied first, so the measured run starts from an empty queue.
  await waitFor(
    'warm-up deliveries applied',
    async () => (await pendingEvents(db, store.id)) === 0,
  );
  const storedBefore = await storeOrders(db, store.id);

  say(`POST ${WEBHOOK_PATH} (orders/create): ${seconds(10)} s, ${connections} connections…`);
  const result = await measure({
    path: WEBHOOK_PATH,
    requests,
    connections,
    duration: seconds(10),
  });
  const row = summary(`POST ${WEBHOOK_PATH} (orders/create, signed)`, result);
  const acknowledged = result['2xx'] ?? 0;
  const perSecond = acknowledged / result.duration;

  // How long the job worker takes to apply what was acknowledged (it started during the run).
  const endedAt = performance.now();
  const backlog = await pendingEvents(db, store.id);
  const before = cpuSeconds(ctx.app.child.pid);
  // Ten seconds acknowledged at ~1,000/s leave a backlog the worker (one job at a time) takes
  // minutes to apply, more on a loaded machine: the limit is wider than waitFor's default.
  await waitFor('deliveries applied', async () => (await pendingEvents(db, store.id)) === 0, {
    everyMs: 200,
    limitS: 1800,
  });
  const drainSeconds = elapsedSince(endedAt);
  const applyCpu = cpuPer(before, cpuSeconds(ctx.app.child.pid), backlog);
  const applied = (await storeOrders(db, store.id)) - storedBefore;
  // The run's CPU less what applying the deliveries the worker got through meanwhile costs (at
  // the backlog's rate): an estimate of the acknowledgement alone.
  const appliedDuring = acknowledged - backlog;
  const ackOnly = (measured, perApplied) =>
    measured === null || !perApplied
      ? null
      : Math.round((measured * acknowledged - perApplied * appliedDuring) / acknowledged);
  const pass =
    perSecond >= ORDERS_GOAL.ingest.minPerSecond &&
    row.latency_p99_ms <= ORDERS_GOAL.ingest.maxP99Ms &&
    row.non_2xx === 0 &&
    row.errors === 0;
  return {
    row,
    report: {
      acknowledged,
      acknowledged_per_s: Math.round(perSecond),
      latency_ms: { p50: row.latency_p50_ms, p99: row.latency_p99_ms, max: row.latency_max_ms },
      cpu_us_per_delivery: {
        api: row.api_cpu_us_per_request,
        postgres: row.postgres_cpu_us_per_request,
        note: 'includes the job worker applying deliveries during the run',
        acknowledgement_only_estimate: {
          api: ackOnly(row.api_cpu_us_per_request, applyCpu?.api_us),
          postgres: ackOnly(row.postgres_cpu_us_per_request, applyCpu?.postgres_us),
        },
      },
      applied: {
        orders_created: applied,
        applied_during_run: appliedDuring,
        backlog_at_end: backlog,
        seconds_after_run: round(drainSeconds, 1),
        backlog_per_s: drainSeconds > 0 ? Math.round(backlog / drainSeconds) : null,
        cpu_us_per_backlog_delivery: applyCpu,
      },
      pass,
    },
  };
}

async function backfillScenario(ctx, sandbox) {
  const { db, say } = ctx;
  const count = Math.round(ORDERS_GOAL.backfill.orders * (ctx.quick ? 0.1 : 1));
  const shop = `bench-backfill-${randomUUID().slice(0, 8)}.myshopify.com`;
  await sandbox.createShop({ domain: shop, name: 'Banco de pruebas (carga inicial)' });
  // A cost bucket no listing empties: throttling has its own tests; here the app's pace counts.
  await sandbox.setBucket(shop, { max: 1_000_000_000, restoreRate: 1_000_000 });
  say(`Backfill: creating ${count.toLocaleString('en')} open orders in the sandbox shop…`);
  const creating = performance.now();
  await inLanes(count, CREATE_LANES, (i) =>
    sandbox.createOrder(shop, sandboxOrder(`BENCH-${i % 50}`)),
  );
  const createSeconds = elapsedSince(creating);
  const merchant = await createMerchant('backfill', ctx);

  say('Backfill: connecting the shop and waiting for its backfill…');
  const before = cpuSeconds(ctx.app.child.pid);
  const { store, connectedAt } = await connectShop(merchant, shop);
  const backfill = await waitFor('backfill done', async () => {
    const read = expect(await merchant.send('GET', `/stores/${store.id}`), 200, 'GET /stores/{id}');
    if (read.backfill?.state === 'failed') throw new Error('the backfill failed');
    return read.backfill?.state === 'done' ? read.backfill : null;
  });
  const cpu = cpuPer(before, cpuSeconds(ctx.app.child.pid), backfill.done);
  const seconds = (Date.parse(backfill.finished_at) - connectedAt) / 1000;
  const held = await storeOrders(db, store.id);
  const pass =
    seconds <= ORDERS_GOAL.backfill.maxSeconds && backfill.done === count && held === count;
  return {
    report: {
      orders: count,
      created_in_sandbox_s: round(createSeconds, 1),
      bucket: 'raised to 1,000,000,000 points, 1,000,000 per second',
      seconds: round(seconds, 1),
      orders_per_s: Math.round(count / seconds),
      backfill: { done: backfill.done, total: backfill.total },
      orders_held: held,
      cpu_us_per_order: cpu,
      pass,
    },
  };
}

/** A funded merchant, stock at its own location, a saved package and `count` manual orders. */
async function merchantWithOrders(ctx, index, count) {
  const merchant = await createMerchant(`labels-${index}`, ctx);
  await stockAtLocation(merchant, ctx.db);
  // Bench variants are written as drafts; orders sell active products.
  await ctx.db.$client.query(`update products set status = 'ACTIVE' where organization_id = $1`, [
    merchant.organizationId,
  ]);
  const pkg = expect(await merchant.post('/packages', PACKAGE), 201, 'POST /packages');
  merchant.orderIds = [];
  await inLanes(count, 4, async () => {
    const order = expect(
      await merchant.post(
        '/orders',
        {
          shipping_address: ORDER_ADDRESS,
          lines: [{ variant_id: merchant.product.variant_id, quantity: 1, unit_price: 12000 }],
          shipping_price: 0,
          payment_state: 'paid',
          location_id: merchant.locationId,
        },
        { 'idempotency-key': randomUUID() },
      ),
      201,
      'POST /orders',
    );
    merchant.orderIds.push(order.id);
  });
  merchant.bulk = {
    order_ids: merchant.orderIds,
    rule: 'cheapest',
    origin_id: merchant.locationId,
    package_id: pkg.id,
  };
  return merchant;
}

async function labelsScenario(ctx, singleLabel) {
  const { db, say } = ctx;
  const { merchants, orders } = ORDERS_GOAL.labels;
  const perMerchant = Math.round((orders / merchants) * (ctx.quick ? 0.1 : 1));
  say(`Bulk labels: ${merchants} merchants, ${perMerchant} manual orders each (untimed)…`);
  const created = [];
  for (let i = 0; i < merchants; i += 1)
    created.push(await merchantWithOrders(ctx, i, perMerchant));

  say(`POST /api/v1/orders/bulk-labels: ${merchants} runs of ${perMerchant} at once…`);
  const before = cpuSeconds(ctx.app.child.pid);
  const startedAt = Date.now();
  const runs = await Promise.all(
    created.map(async (merchant) => {
      const run = expect(
        await merchant.post('/orders/bulk-labels', merchant.bulk, {
          'idempotency-key': randomUUID(),
        }),
        202,
        'POST /orders/bulk-labels',
      );
      return waitFor(
        'bulk run done',
        async () => {
          const read = expect(
            await merchant.send('GET', `/orders/bulk-labels/${run.id}`),
            200,
            'GET /orders/bulk-labels/{id}',
          );
          return read.state === 'running' ? null : read;
        },
        { everyMs: 1000 },
      );
    }),
  );
  const after = cpuSeconds(ctx.app.child.pid);
  const seconds =
    Math.max(...runs.map((run) => Date.parse(run.finished_at))) / 1000 - startedAt / 1000;
  const bought = runs.reduce((sum, run) => sum + run.bought, 0);
  const errors = {};
  for (const item of runs.flatMap((run) => run.items)) {
    if (item.error) errors[item.error] = (errors[item.error] ?? 0) + 1;
  }
  const { verifyLedger, verifyStock } = await api('modules/invariants.ts');
  const ledgerProblems = (await verifyLedger(db)).length;
  const stockProblems = (await verifyStock(db)).length;
  const cpu = cpuPer(before, after, bought);
  const total = perMerchant * merchants;
  const pass =
    bought === total &&
    seconds <= ORDERS_GOAL.labels.maxSeconds &&
    ledgerProblems === 0 &&
    stockProblems === 0;
  return {
    report: {
      orders: total,
      runs: `${merchants} merchants' runs of ${perMerchant} at once (one running run per organization)`,
      seconds: round(seconds, 1),
      labels: bought,
      labels_per_s: round(bought / seconds, 1),
      failed: runs.reduce((sum, run) => sum + run.failed, 0),
      errors,
      labels_ready: runs.every((run) => run.labels_ready),
      cpu_ms_per_label: cpu && {
        api: round(cpu.api_us / 1000, 1),
        postgres: round(cpu.postgres_us / 1000, 1),
        total: round((cpu.api_us + cpu.postgres_us) / 1000, 1),
      },
      single_label_cpu_ms: singleLabel,
      check: { ledger_problems: ledgerProblems, stock_problems: stockProblems },
      pass,
    },
  };
}

/**
 * The three scenarios; `singleLabel` is the CPU per guide of bench/shipments.mjs's plain
 * purchase when that group ran in the same invocation, else null.
 */
export async function orderScenarios(ctx, singleLabel = null) {
  const sandbox = await sandboxOf(ctx.db);
  const ingest = await ingestScenario(ctx, sandbox);
  const backfill = await backfillScenario(ctx, sandbox);
  const labels = await labelsScenario(ctx, singleLabel);
  return {
    results: [ingest.row],
    report: {
      ingest: ingest.report,
      backfill: backfill.report,
      labels: labels.report,
      goal: {
        ...ORDERS_GOAL,
        pass: ingest.report.pass && backfill.report.pass && labels.report.pass,
      },
    },
  };
}

// `npm run bench`: load benchmark of the real app (not part of `npm test`).
// Starts the app like the e2e server (fresh temporary DATA_DIR, embedded PostgreSQL, built SPA,
// LOG_LEVEL warn, a very high AUTH_RATE_LIMIT), signs in as the demo owner, then drives it with
// autocannon on loopback:
//   POST /api/v1/auth/login   (demo credentials; argon2id makes this CPU-bound by design)
//   GET  /api/v1/me           (bearer token; the goal: >= 3,000 req/s with p99 <= 25 ms)
// and the address-book scenarios of bench/address-book.mjs:
//   GET  /api/v1/postal-codes/{zip}  (full SEPOMEX catalogue; goal: server time < 5 ms)
//   GET  /api/v1/customers           (100,000 customers; goal: p99 <= 100 ms at 20 connections)
// and the products scenarios of bench/products.mjs:
//   GET  /api/v1/products            (100,000 products, 300,000 variants; goal: p99 <= 100 ms at 20
//                                     connections)
// and the quote scenario of bench/quotes.mjs:
//   POST /api/v1/quotes              (six sandbox carriers; goal: server time p95 <= 10 ms)
// and the guide purchases of bench/shipments.mjs:
//   POST /api/v1/shipments           (20 merchants at once, labels generated; goal: >= 200 guides/s)
//   the same with catalogue products from a stock-keeping location (group shipments-products),
//   and staff shipping warehouse exits, POST /api/v1/staff/exits/{id}/ship (group dispatch)
// and the stock reservations of bench/stock.mjs (next to pgbench on the same server):
//   StockLedger.reserve         (50 clients on 1 and on 50 SKUs; goal: >= 50% of pgbench's
//                                 single-row update on 50 rows)
// and the orders and stores of bench/orders.mjs, on the app's own Shopify sandbox store:
//   POST /api/v1/webhooks/stores/shopify  (signed orders/create; goal: >= 1,000/s, p99 <= 50 ms)
//   a new store's backfill of 10,000 orders (goal: <= 60 s), and 1,000 orders to 1,000 labels
//   with POST /api/v1/orders/bulk-labels (goal: <= 30 s)
// and the dashboard of bench/dashboard.mjs (100,000 guides in the demo organization):
//   GET /api/v1/dashboard/summary and /charts of a period (goal: p99 <= 100 ms at 20 connections)
// and the staff console's tariff search of bench/classification.mjs (the whole SAT catalogue):
//   GET /api/v1/staff/classification/tariff-search (goal: p99 <= 50 ms at 10 connections)
// and the first screen of bench/first-screen.mjs (needs `npm run build` first):
//   /auth/login in Chromium, cold cache (goal: <= 150 KB of JS transferred, no chunk > 250 KB)
// Options: --json (machine-readable result on stdout), --quick (short runs, to try the script),
//          --port N (default BENCH_PORT or 3200),
//          --postal-codes FILE (SEPOMEX CPdescarga.txt; default ../shared/data/sepomex/ beside
//          the clone; the scenario is skipped when the file is missing),
//          --only LIST (comma-separated: core, postal-codes, customers, products, quotes,
//          shipments, shipments-products, dispatch, stock, orders, dashboard, classification,
//          first-screen;
//          default all).
// The load generator shares the machine.
import autocannon from 'autocannon';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { api } from './api-modules.mjs';
import { startThrowawayApp, waitForHealth } from '../scripts/lib/throwaway-app.mjs';
import {
  CUSTOMERS_GOAL,
  customerScenarios,
  DEFAULT_POSTAL_CODES_FILE,
  openAppDatabase,
  POSTAL_GOAL,
  postalCodeScenarios,
} from './address-book.mjs';
import { CLASSIFICATION_GOAL, classificationScenarios } from './classification.mjs';
import { cpuSeconds } from './cpu.mjs';
import { DASHBOARD_GOAL, DASHBOARD_SHIPMENTS, dashboardScenarios } from './dashboard.mjs';
import { FIRST_SCREEN_GOAL, firstScreenScenario } from './first-screen.mjs';
import { PRODUCT_COUNT, PRODUCTS_GOAL, productScenarios } from './products.mjs';
import { QUOTES_GOAL, quoteScenarios } from './quotes.mjs';
import { ORDERS_GOAL, orderScenarios } from './orders.mjs';
import { SHIPMENTS_GOAL, shipmentScenarios } from './shipments.mjs';
import { STOCK_GOAL, stockScenarios } from './stock.mjs';
import { textTable } from './text-table.mjs';

const GOAL = { path: '/api/v1/me', minRequestsPerSecond: 3000, maxP99Ms: 25 };

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3200' },
    'postal-codes': { type: 'string', default: DEFAULT_POSTAL_CODES_FILE },
    only: {
      type: 'string',
      default:
        'core,postal-codes,customers,products,quotes,shipments,shipments-products,dispatch,stock,orders,dashboard,classification,first-screen',
    },
  },
});
const SCENARIOS = [
  'core',
  'postal-codes',
  'customers',
  'products',
  'quotes',
  'shipments',
  'shipments-products',
  'dispatch',
  'stock',
  'orders',
  'dashboard',
  'classification',
  'first-screen',
];
const only = new Set(args.only.split(',').map((name) => name.trim()));
for (const name of only) {
  if (!SCENARIOS.includes(name)) {
    console.error(`--only: unknown scenario group "${name}" (one of ${SCENARIOS.join(', ')})`);
    process.exit(1);
  }
}
const scale = args.quick ? 0.2 : 1;
const seconds = (full) => Math.max(2, Math.round(full * scale));
// Progress goes to stderr so that --json leaves stdout to the result alone.
const say = (line) => console.error(line);

const { DEMO_LOGINS } = await api('db/seed.ts');
const owner = DEMO_LOGINS[0];

const JWT_SECRET = 'despacho-bench-only-secret-not-for-any-real-server-01';
const app = startThrowawayApp({
  port: Number(args.port),
  name: 'bench',
  // The app's own start-up banner goes to stderr too.
  stdio: ['ignore', 2, 2],
  env: {
    JWT_SECRET,
    AUTH_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
  },
});
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    say(`\n${signal}: stopping the app…`);
    void app.stop().then(() => process.exit(130));
  });
}

async function signIn() {
  const response = await fetch(`${app.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  const body = await response.json().catch(() => null);
  const token = body?.data?.access_token;
  if (!response.ok || typeof token !== 'string') {
    throw new Error(
      `login as ${owner.email} failed: ${response.status} ${JSON.stringify(body)} ` +
        '(is the auth API there, and does the seed create the demo logins?)',
    );
  }
  const me = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`GET /api/v1/me with the fresh token answered ${me.status}`);
  return token;
}

function cannon({ path, ...options }) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${app.url}${path}`, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** A measured run: the autocannon result plus the CPU the API and PostgreSQL spent on it. */
async function measure(options) {
  const before = cpuSeconds(app.child.pid);
  const result = await cannon(options);
  const after = cpuSeconds(app.child.pid);
  const answered = (result['2xx'] ?? 0) + result.non2xx;
  if (before && after && answered > 0) {
    result.cpu = {
      api_us_per_request: Math.round(((after.self - before.self) / answered) * 1e6),
      postgres_us_per_request: Math.round(
        ((after.descendants - before.descendants) / answered) * 1e6,
      ),
    };
  }
  return result;
}

function summary(name, result) {
  return {
    name,
    connections: result.connections,
    duration_s: result.duration,
    requests: result.requests.total,
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    latency_max_ms: result.latency.max,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    api_cpu_us_per_request: result.cpu?.api_us_per_request ?? null,
    postgres_cpu_us_per_request: result.cpu?.postgres_us_per_request ?? null,
    status_codes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
  };
}

function table(rows) {
  const columns = [
    ['scenario', (row) => row.name],
    ['conns', (row) => row.connections],
    ['secs', (row) => row.duration_s],
    ['req/s', (row) => row.requests_per_s],
    ['p50 ms', (row) => row.latency_p50_ms],
    ['p99 ms', (row) => row.latency_p99_ms],
    ['max ms', (row) => row.latency_max_ms],
    ['non-2xx', (row) => row.non_2xx],
    ['errors', (row) => row.errors],
    ['API µs/req', (row) => row.api_cpu_us_per_request ?? '-'],
    ['PG µs/req', (row) => row.postgres_cpu_us_per_request ?? '-'],
  ];
  return textTable(columns, rows);
}

let exitCode = 1;
const loadBefore = os.loadavg()[0];
if (loadBefore > 0.5) {
  say(
    `Note: the 1-minute load average is ${loadBefore.toFixed(2)} before the run; other work on ` +
      'this machine lowers the figures.',
  );
}
let db;
try {
  say(`Starting the app on ${app.url} (DATA_DIR ${app.dataDir})…`);
  await waitForHealth(app);
  const token = await signIn();
  // Like a browser that already holds the CSRF cookie (otherwise every answer mints a new one).
  const csrf = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' };
  const bearer = { ...csrf, authorization: `Bearer ${token}` };
  const loginBody = JSON.stringify({ email: owner.email, password: owner.password });
  const json = { ...csrf, 'content-type': 'application/json' };
  const results = [];
  const goals = [];

  if (only.has('core')) {
    // Baseline: routing, serialization and one `select 1` through the pool, no auth.
    say(`GET /api/v1/health: ${seconds(10)} s, 50 connections…`);
    results.push(
      summary(
        'GET /api/v1/health',
        await measure({
          path: '/api/v1/health',
          headers: csrf,
          connections: 50,
          duration: seconds(10),
        }),
      ),
    );

    say(`POST /api/v1/auth/login: ${seconds(10)} s, 20 connections…`);
    results.push(
      summary(
        'POST /api/v1/auth/login',
        await measure({
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: json,
          body: loginBody,
          connections: 20,
          duration: seconds(10),
        }),
      ),
    );

    say(`GET /api/v1/me: warm-up ${seconds(5)} s…`);
    await cannon({ path: '/api/v1/me', headers: bearer, connections: 50, duration: seconds(5) });
    say(`GET /api/v1/me: ${seconds(15)} s, 50 connections…`);
    const me = summary(
      'GET /api/v1/me',
      await measure({
        path: '/api/v1/me',
        headers: bearer,
        connections: 50,
        duration: seconds(15),
      }),
    );
    results.push(me);
    const pass =
      me.requests_per_s >= GOAL.minRequestsPerSecond &&
      me.latency_p99_ms <= GOAL.maxP99Ms &&
      me.non_2xx === 0 &&
      me.errors === 0;
    goals.push({
      name: 'me',
      ...GOAL,
      pass,
      text:
        `Goal GET /api/v1/me >= ${GOAL.minRequestsPerSecond} req/s with p99 <= ${GOAL.maxP99Ms} ms ` +
        `and no errors: ${pass ? 'PASS' : 'FAIL'} (${me.requests_per_s} req/s, p99 ${me.latency_p99_ms} ms)`,
    });
  }

  const addressBook = {};
  const context = {
    app,
    owner,
    file: args['postal-codes'],
    seconds,
    say,
    headers: bearer,
    measure,
    summary,
    cannon,
    jwtSecret: JWT_SECRET,
  };
  if (
    [
      'postal-codes',
      'customers',
      'products',
      'quotes',
      'shipments',
      'shipments-products',
      'dispatch',
      'orders',
      'dashboard',
      'classification',
    ].some((name) => only.has(name))
  ) {
    db = await openAppDatabase(app);
    context.db = db;
  }
  if (only.has('postal-codes')) {
    const postal = await postalCodeScenarios(context);
    results.push(...postal.results);
    addressBook.postal_codes = postal.skipped ? { skipped: postal.skipped } : postal.report;
    if (postal.report) {
      const { server_time: time, goal } = postal.report;
      goals.push({
        name: 'postal_codes',
        ...goal,
        text:
          `Goal GET /api/v1/postal-codes/{zip} server time < ${POSTAL_GOAL.maxServerTimeMs} ms: ` +
          `${goal.pass ? 'PASS' : 'FAIL'} (in-process p50 ${time.sample.p50_ms} ms, p99 ` +
          `${time.sample.p99_ms} ms over ${time.sample.requests} lookups; largest postal code ` +
          `${time.largest.zip}, ${time.largest.settlements} settlements: p50 ` +
          `${time.largest.p50_ms} ms, p99 ${time.largest.p99_ms} ms)`,
      });
    }
  }
  if (only.has('customers')) {
    const customers = await customerScenarios(context);
    results.push(...customers.results);
    addressBook.customers = customers.skipped ? { skipped: customers.skipped } : customers.report;
    if (customers.report) {
      const { goal } = customers.report;
      const worst = Math.max(...customers.results.map((row) => row.latency_p99_ms));
      goals.push({
        name: 'customers',
        ...goal,
        text:
          `Goal GET /api/v1/customers (100,000 customers) p99 <= ${CUSTOMERS_GOAL.maxP99Ms} ms at ` +
          `${CUSTOMERS_GOAL.connections} connections: ${goal.pass ? 'PASS' : 'FAIL'} ` +
          `(worst p99 ${worst} ms${goal.failing.length ? `; failing: ${goal.failing.join(', ')}` : ''})`,
      });
    }
  }

  let products = null;
  if (only.has('products')) {
    const catalogue = await productScenarios(context);
    results.push(...catalogue.results);
    products = catalogue.skipped ? { skipped: catalogue.skipped } : catalogue.report;
    if (catalogue.report) {
      const { goal } = catalogue.report;
      const worst = Math.max(...catalogue.results.map((row) => row.latency_p99_ms));
      goals.push({
        name: 'products',
        ...goal,
        text:
          `Goal GET /api/v1/products (${PRODUCT_COUNT.toLocaleString('en')} products) p99 <= ` +
          `${PRODUCTS_GOAL.maxP99Ms} ms at ${PRODUCTS_GOAL.connections} connections: ` +
          `${goal.pass ? 'PASS' : 'FAIL'} (worst p99 ${worst} ms` +
          `${goal.failing.length ? `; failing: ${goal.failing.join(', ')}` : ''})`,
      });
    }
  }

  let quotes = null;
  if (only.has('quotes')) {
    const quoted = await quoteScenarios({ ...context, quick: args.quick });
    results.push(...quoted.results);
    quotes = quoted.report;
    const { server_time: time, goal } = quoted.report;
    goals.push({
      name: 'quotes',
      ...goal,
      text:
        `Goal POST /api/v1/quotes (${quoted.report.carriers.length} carriers) server time p95 <= ` +
        `${QUOTES_GOAL.maxP95ServerTimeMs} ms: ${goal.pass ? 'PASS' : 'FAIL'} (in-process p50 ` +
        `${time.p50_ms} ms, p95 ${time.p95_ms} ms, p99 ${time.p99_ms} ms over ${time.requests} quotes)`,
    });
  }

  const shipments = {};
  const GUIDE_GROUPS = {
    shipments: 'plain',
    'shipments-products': 'products',
    dispatch: 'dispatch',
  };
  for (const [group, kind] of Object.entries(GUIDE_GROUPS)) {
    if (!only.has(group)) continue;
    const bought = await shipmentScenarios(context, kind);
    results.push(...bought.results);
    shipments[kind] = bought.report;
    const { goal, latency_ms: latency } = bought.report;
    goals.push({
      name: group,
      ...goal,
      text:
        `Goal ${bought.results[0].name} >= ${SHIPMENTS_GOAL.minGuidesPerSecond} guides/s, ` +
        `every guide with its label and a whole ledger and stock: ` +
        `${goal.pass ? 'PASS' : 'FAIL'} (${bought.report.guides_per_s} guides/s, p50 ` +
        `${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms; ` +
        `${bought.report.guides} guides, check ${JSON.stringify(bought.report.check)})`,
    });
  }

  let stock = null;
  if (only.has('stock')) {
    stock = (await stockScenarios(context)).report;
    const [, manySkus] = stock.ratios;
    const perSecond = (name) => stock.results.find((row) => row.name === name)?.per_second;
    goals.push({
      name: 'stock',
      ...stock.goal,
      text:
        `Goal stock reservations >= ${STOCK_GOAL.minRatio * 100}% of pgbench's single-row update ` +
        `on ${STOCK_GOAL.skus} SKUs with ${STOCK_GOAL.clients} clients, stock verified: ` +
        `${stock.goal.pass ? 'PASS' : 'FAIL'} (${(manySkus.ratio * 100).toFixed(0)}%: ` +
        `${perSecond(`stock, ${STOCK_GOAL.skus} SKUs`)} vs ` +
        `${perSecond(`pgbench, ${STOCK_GOAL.clients} rows`)} per s; 1 SKU ` +
        `${(stock.ratios[0].ratio * 100).toFixed(0)}%; stock problems ${stock.stock_problems})`,
    });
  }

  let orders = null;
  if (only.has('orders')) {
    const plain = shipments.plain?.cpu;
    const synced = await orderScenarios(
      { ...context, quick: args.quick },
      // The plain guide's CPU in ms, when the shipments group ran in this invocation.
      plain && {
        api: Math.round(plain.api_us_per_guide / 100) / 10,
        postgres: Math.round(plain.postgres_us_per_guide / 100) / 10,
        total: Math.round((plain.api_us_per_guide + plain.postgres_us_per_guide) / 100) / 10,
      },
    );
    results.push(...synced.results);
    orders = synced.report;
    const { ingest, backfill, labels } = orders;
    const verdict = (pass) => (pass ? 'PASS' : 'FAIL');
    goals.push(
      {
        name: 'orders_ingest',
        ...ORDERS_GOAL.ingest,
        pass: ingest.pass,
        text:
          `Goal Shopify orders/create ingest >= ${ORDERS_GOAL.ingest.minPerSecond}/s acknowledged ` +
          `with p99 <= ${ORDERS_GOAL.ingest.maxP99Ms} ms: ${verdict(ingest.pass)} ` +
          `(${ingest.acknowledged_per_s}/s, p50 ${ingest.latency_ms.p50} ms, p99 ` +
          `${ingest.latency_ms.p99} ms; backlog of ${ingest.applied.backlog_at_end} applied ` +
          `${ingest.applied.seconds_after_run} s after the run)`,
      },
      {
        name: 'orders_backfill',
        ...ORDERS_GOAL.backfill,
        pass: backfill.pass,
        text:
          `Goal backfill of ${backfill.orders.toLocaleString('en')} orders <= ` +
          `${ORDERS_GOAL.backfill.maxSeconds} s: ${verdict(backfill.pass)} (${backfill.seconds} s, ` +
          `${backfill.orders_per_s} orders/s, ${backfill.orders_held} held)`,
      },
      {
        name: 'orders_labels',
        ...ORDERS_GOAL.labels,
        pass: labels.pass,
        text:
          `Goal ${labels.orders.toLocaleString('en')} orders to labels <= ` +
          `${ORDERS_GOAL.labels.maxSeconds} s: ${verdict(labels.pass)} (${labels.seconds} s, ` +
          `${labels.labels_per_s} labels/s, ${labels.labels} bought, ${labels.failed} failed; ` +
          `CPU per label ${JSON.stringify(labels.cpu_ms_per_label)} ms)`,
      },
    );
  }

  let dashboard = null;
  if (only.has('dashboard')) {
    const measured = await dashboardScenarios(context);
    results.push(...measured.results);
    dashboard = measured.report;
    const { goal } = dashboard;
    const worst = Math.max(...measured.results.map((row) => row.latency_p99_ms));
    goals.push({
      name: 'dashboard',
      ...goal,
      text:
        `Goal GET /api/v1/dashboard summary and charts (${DASHBOARD_SHIPMENTS.toLocaleString('en')} ` +
        `guides) p99 <= ${DASHBOARD_GOAL.maxP99Ms} ms at ${DASHBOARD_GOAL.connections} connections: ` +
        `${goal.pass ? 'PASS' : 'FAIL'} (worst p99 ${worst} ms` +
        `${goal.failing.length ? `; failing: ${goal.failing.join(', ')}` : ''})`,
    });
  }

  let classification = null;
  if (only.has('classification')) {
    const measured = await classificationScenarios(context);
    results.push(...measured.results);
    classification = measured.skipped ? { skipped: measured.skipped } : measured.report;
    if (measured.report) {
      const { goal } = measured.report;
      const worst = Math.max(...measured.results.map((row) => row.latency_p99_ms));
      goals.push({
        name: 'classification',
        ...goal,
        text:
          `Goal GET /api/v1/staff/classification/tariff-search (${measured.report.catalogue.codes} ` +
          `codes) p99 <= ${CLASSIFICATION_GOAL.maxP99Ms} ms at ${CLASSIFICATION_GOAL.connections} ` +
          `connections: ${goal.pass ? 'PASS' : 'FAIL'} (worst p99 ${worst} ms` +
          `${goal.failing.length ? `; failing: ${goal.failing.join(', ')}` : ''})`,
      });
    }
  }

  let firstScreen = null;
  if (only.has('first-screen')) {
    firstScreen = (await firstScreenScenario(context)).report;
    const { goal, largest } = firstScreen;
    goals.push({
      name: 'first_screen',
      ...goal,
      text:
        `Goal ${FIRST_SCREEN_GOAL.path} on a cold cache <= ${FIRST_SCREEN_GOAL.maxTransferredKB} KB ` +
        `of JS transferred, no chunk over ${FIRST_SCREEN_GOAL.maxChunkKB} KB: ` +
        `${goal.pass ? 'PASS' : 'FAIL'} (${firstScreen.js_files} JS files, ${firstScreen.raw_kb} KB ` +
        `raw, ${firstScreen.compressed_kb} KB compressed bodies, ${firstScreen.transferred_kb} KB ` +
        `transferred with headers, encodings ${firstScreen.encodings.join('/')}; offering brotli ` +
        `${firstScreen.brotli.transferred_kb} KB transferred; the signed-in dashboard cold ` +
        `${firstScreen.signed_in.transferred_kb} KB in ${firstScreen.signed_in.js_files} files; largest ` +
        `${largest?.file} ${largest?.raw_kb} KB raw)`,
    });
  }

  const pass = goals.every((goal) => goal.pass);
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
      memory_gib: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      load_generator: 'autocannon, same machine',
      load_average_1m_before: Number(loadBefore.toFixed(2)),
      load_average_1m_after: Number(os.loadavg()[0].toFixed(2)),
    },
    quick: args.quick,
    results,
    address_book: addressBook,
    products,
    quotes,
    shipments,
    stock,
    orders,
    dashboard,
    classification,
    first_screen: firstScreen,
    goals: goals.map(({ text: _text, ...goal }) => goal),
    // The original goal, GET /api/v1/me, where it was measured.
    goal: goals.find((goal) => goal.name === 'me')
      ? { ...GOAL, pass: goals.find((goal) => goal.name === 'me').pass }
      : null,
  };
  if (args.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    if (report.results.length > 0) console.log(`\n${table(report.results)}\n`);
    console.log(
      `${report.machine.cpus} CPUs (${report.machine.cpu_model}), Node ${process.version}, ` +
        `load average before ${report.machine.load_average_1m_before}, after ` +
        `${report.machine.load_average_1m_after}`,
    );
    for (const row of report.results.filter((result) => result.non_2xx > 0)) {
      console.log(`${row.name}: answers by status ${JSON.stringify(row.status_codes)}`);
    }
    if (addressBook.postal_codes?.postgres_execution) {
      console.log(
        'PostgreSQL execution of the postal-code lookup (EXPLAIN ANALYZE, median): ' +
          addressBook.postal_codes.postgres_execution
            .map((row) => `${row.zip} (${row.rows} rows) ${row.execution_ms} ms`)
            .join(', '),
      );
    }
    if (addressBook.customers?.totals) {
      console.log(
        'Customers found per query: ' +
          Object.entries(addressBook.customers.totals)
            .map(([label, found]) => `${label} ${found.total}`)
            .join(', '),
      );
    }
    if (addressBook.customers?.server_time_alone) {
      console.log(
        'Customers server time, one request at a time (in-process p50/p99 ms): ' +
          Object.entries(addressBook.customers.server_time_alone)
            .map(([label, time]) => `${label} ${time.p50_ms}/${time.p99_ms}`)
            .join(', '),
      );
    }
    for (const group of ['postal_codes', 'customers']) {
      if (addressBook[group]?.skipped) console.log(`${group}: ${addressBook[group].skipped}`);
    }
    if (products?.totals) {
      console.log(
        'Products found per query: ' +
          Object.entries(products.totals)
            .map(([label, found]) => `${label} ${found.total}`)
            .join(', '),
      );
      console.log(
        'Products server time, one request at a time (in-process p50/p99 ms): ' +
          Object.entries(products.server_time_alone)
            .map(([label, time]) => `${label} ${time.p50_ms}/${time.p99_ms}`)
            .join(', '),
      );
    }
    if (products?.skipped) console.log(`products: ${products.skipped}`);
    for (const goal of goals) console.log(goal.text + (args.quick ? ' [--quick run]' : ''));
  }
  exitCode = pass ? 0 : 2;
} catch (error) {
  if (!interrupted) say(`bench: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  if (!interrupted) {
    // Let the last requests of a slow scenario finish before the app closes its pool.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await db?.$client.end();
    await app.stop();
    process.exit(exitCode);
  }
}

// Dashboard scenario of `npm run bench` (issue 23), run by bench/run.mjs against its throwaway
// app: 100,000 guides in the demo organization over the last 365 days (each with its label's
// ledger movement, six carriers, twelve destination states, one in twenty cancelled), written
// straight into the database with generate_series; then the dashboard's figures and charts of
// each period at 20 connections. Goal: p99 <= 100 ms.
import { round } from './address-book.mjs';

export const DASHBOARD_GOAL = { connections: 20, maxP99Ms: 100 };
export const DASHBOARD_SHIPMENTS = 100_000;
const HISTORY_DAYS = 365;

const CARRIERS = ['estafeta', 'fedex', 'dhl_express', 'paquetexpress', 'redpack', '99minutos'];
const STATES = [
  'Ciudad de México',
  'Jalisco',
  'Nuevo León',
  'Estado de México',
  'Puebla',
  'Guanajuato',
  'Veracruz',
  'Yucatán',
  'Querétaro',
  'Chihuahua',
  'Sonora',
  'Oaxaca',
];
// Guide g's instant: spread evenly over the history, at varied times of day.
const AT = `now() - ((g % ${HISTORY_DAYS}) * interval '1 day') - ((g * 7919 % 86400) * interval '1 second')`;

/**
 * Clones one of the demo's guides `count` times (new id, key, carrier, destination state and
 * date), and writes each clone's label charge: a ledger transaction of its total with its
 * entries (wallet out; carrier, insurance and VAT in), so the spend series reads real rows.
 */
export async function loadShipments(db, count) {
  const client = db.$client;
  const {
    rows: [demo],
  } = await client.query(
    `select s.id, s.organization_id from shipments s
       join organizations o on o.id = s.organization_id
      where o.company = 'Comercio Demo' and s.purchase_state = 'purchased' and s.location_id is not null
      limit 1`,
  );
  if (!demo) throw new Error('the demo organization has no purchased guide to clone');
  const started = performance.now();
  await client.query('begin');
  await client.query(
    `insert into shipments (organization_id, created_by, idempotency_key, request_hash, quote_id,
       location_id, customer_id, carrier_key, service_key, sandbox, zone, billable_weight_kg,
       transit_days_min, transit_days_max, estimated_delivery, extended_zone, origin, destination,
       reference, purchase_state, status, carrier_status, tracking_number, carrier_cost,
       insurance_premium, vat, total, destination_name, destination_zip, created_at, updated_at)
     select s.organization_id, s.created_by, 'bench-dashboard-' || g, s.request_hash, s.quote_id,
       s.location_id, s.customer_id, ($2::text[])[1 + g % 6], s.service_key, s.sandbox, s.zone,
       s.billable_weight_kg, s.transit_days_min, s.transit_days_max, s.estimated_delivery,
       s.extended_zone, s.origin,
       jsonb_set(s.destination, '{state}', to_jsonb(($3::text[])[1 + (g * 31) % 12])),
       s.reference, 'purchased', case when g % 20 = 0 then 'cancelled' else 'delivered' end,
       'DELIVERED', 'BENCH' || lpad(g::text, 10, '0'), s.carrier_cost, s.insurance_premium, s.vat,
       s.total, s.destination_name, s.destination_zip, ${AT}, ${AT}
       from shipments s, generate_series(1, $4::int) g
      where s.id = $1`,
    [demo.id, CARRIERS, STATES, count],
  );
  await client.query(
    `with charges as (
       insert into ledger_transactions (organization_id, kind, idempotency_key, request_hash,
         reference_type, reference_id, wallet_amount, wallet_balance_after, payment_state, created_at)
       select $1, 'label', 'bench-dashboard-' || g, 'bench', 'shipment', 'bench-' || g, -1160,
         0, 'paid', ${AT}
         from generate_series(1, $2::int) g
       returning id)
     insert into ledger_entries (transaction_id, account_id, amount)
     select charges.id, a.id, case a.kind when 'wallet' then -1160 when 'vat_payable' then 160
       when 'insurance_payable' then 100 else 900 end
       from charges, ledger_accounts a
      where (a.organization_id = $1 and a.kind = 'wallet')
         or (a.organization_id is null
             and a.kind in ('carrier_payable', 'insurance_payable', 'vat_payable'))`,
    [demo.organization_id, count],
  );
  await client.query('commit');
  const insertSeconds = round((performance.now() - started) / 1000, 1);
  await client.query(
    'vacuum analyze shipments, shipments_made_daily, ledger_transactions, ledger_entries, ledger_daily_spend',
  );
  return { organizationId: demo.organization_id, insert_s: insertSeconds };
}

const PATHS = [
  ['summary 30 days', '/api/v1/dashboard/summary?period=30d'],
  ['charts 30 days', '/api/v1/dashboard/charts?period=30d'],
  ['summary this month', '/api/v1/dashboard/summary?period=month'],
  ['charts today', '/api/v1/dashboard/charts?period=today'],
];

export async function dashboardScenarios(ctx) {
  const { db, say, seconds, headers, measure, summary, cannon } = ctx;
  say(`Writing ${DASHBOARD_SHIPMENTS.toLocaleString('en')} guides into the demo organization…`);
  const loaded = await loadShipments(db, DASHBOARD_SHIPMENTS);
  say(`  inserted in ${loaded.insert_s} s`);
  const {
    rows: [counts],
  } = await db.$client.query(
    `select count(*)::int as guides,
            count(*) filter (where created_at >= now() - interval '30 days')::int as last_30_days
       from shipments where organization_id = $1`,
    [loaded.organizationId],
  );
  const url = (path) => `${ctx.app.url}${path}`;
  for (const [, path] of PATHS) {
    const response = await fetch(url(path), { headers });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  }
  say(`Dashboard: warm-up ${seconds(3)} s…`);
  await cannon({
    path: PATHS[0][1],
    headers,
    connections: DASHBOARD_GOAL.connections,
    duration: seconds(3),
  });
  const results = [];
  for (const [label, path] of PATHS) {
    say(`GET dashboard ${label}: ${seconds(8)} s, ${DASHBOARD_GOAL.connections} connections…`);
    results.push(
      summary(
        `GET dashboard ${label}`,
        await measure({
          path,
          headers,
          connections: DASHBOARD_GOAL.connections,
          duration: seconds(8),
        }),
      ),
    );
  }
  const failing = results.filter(
    (row) => row.latency_p99_ms > DASHBOARD_GOAL.maxP99Ms || row.non_2xx > 0 || row.errors > 0,
  );
  return {
    results,
    report: {
      data: { ...counts, insert_s: loaded.insert_s },
      goal: {
        ...DASHBOARD_GOAL,
        pass: failing.length === 0,
        failing: failing.map((row) => row.name),
      },
    },
  };
}

// Stock reservations of `npm run bench -- --only stock` (issue 15), run by bench/run.mjs on its
// throwaway app's database, as bench/ledger.mjs measures the ledger:
//   stock 1 SKU       StockLedger.reserve (a `reserve` of 1 unit, its own idempotency key) by 50
//                     clients on one variant at a warehouse
//   stock 50 SKUs     the same, each client on its own variant
//   pgbench 1 row     pgbench -n -c 50 -j 2 -T N: BEGIN; UPDATE … reserved + 1 WHERE id AND
//                     reserved + 1 <= on_hand; INSERT a movement; COMMIT; on one row
//   pgbench 50 rows   the same script, each client on its own row (:client_id)
// and pgbench sending the very statement a reservation sends (one `stock_move` call) on 1 and
// 50 variants, to tell PostgreSQL's share from Node's. Each reservation has its own cause and key,
// as exits' do (one cause for all would pile every insert onto one leaf of the cause index). Goal: stock ≥ 50% of pgbench on 50 SKUs.
// The variants are a bench organization's own (50 products written in SQL), stocked with a
// `adjust` operation through the ledger first; `verifyStock` must be clean afterwards.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from './api-modules.mjs';
import { appDatabaseUrl, openAppDatabase } from './address-book.mjs';
import { clientsRun, comparisonTable, cpuMeter, pgbenchRun } from './pg-compare.mjs';

export const STOCK_GOAL = { clients: 50, skus: 50, minRatio: 0.5 };

const ON_HAND = 1_000_000_000;

/**
 * `count` products of one variant each for an organization, in SQL (the products service would
 * need the whole app around it), with the SAT keys and price a guide's waybill declares.
 */
export async function insertBenchVariants(db, organizationId, count) {
  const variants = await db.$client.query(
    `with made as (
       insert into products (organization_id, name, handle, status, unit, search_text,
                             sat_product_code, sat_unit_code, created_at, updated_at)
       select $1, 'Producto de banco ' || n, 'banco-' || n, 'DRAFT', 'cm_kg', 'producto de banco ' || n,
              '53101602', 'H87', now(), now()
       from generate_series(1, $2) as n
       returning id, handle)
     insert into product_variants (organization_id, product_id, position, sku, price_centavos,
                                   created_at, updated_at)
     select $1, id, 0, upper(handle), 12000, now(), now() from made
     returning id`,
    [organizationId, count],
  );
  return variants.rows.map((row) => row.id);
}

/** A bench organization with `count` products of one variant each. */
async function benchVariants(db, count) {
  const organization = await db.$client.query(
    `insert into organizations (company, default_currency, default_unit, abbreviation)
     values ('Banco de pruebas de inventario', 'MXN', 'kg', 'BI') returning id`,
  );
  const organizationId = organization.rows[0].id;
  return { organizationId, variantIds: await insertBenchVariants(db, organizationId, count) };
}

export async function stockScenarios({ app, say, seconds }) {
  const { systemClock } = await api('platform/clock.ts');
  const { StockLedger } = await api('modules/inventory/stock-ledger.ts');
  const { verifyStock } = await api('modules/invariants.ts');

  const { clients, skus } = STOCK_GOAL;
  const url = await appDatabaseUrl(app);
  const db = await openAppDatabase(app, clients);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'despacho-bench-stock-'));
  chmodSync(workDir, 0o755);
  try {
    const ledger = new StockLedger({ db, clock: systemClock });
    const { organizationId, variantIds } = await benchVariants(db, skus);
    const warehouse = await db.$client.query(
      `select id from stock_locations where kind = 'warehouse' and active order by code limit 1`,
    );
    const locationId = warehouse.rows[0]?.id;
    if (!locationId) throw new Error('no active warehouse: does the seed create them?');
    say(`Stocking ${skus} variants with ${ON_HAND.toLocaleString('en')} units each…`);
    await ledger.adjust(organizationId, {
      cause: { type: 'adjustment', id: 'bench-opening' },
      location: locationId,
      reason: 'bench',
      lines: variantIds.map((variant_id) => ({ variant_id, on_hand: ON_HAND })),
    });
    await db.$client.query(`
      create table bench_stock (id int primary key, on_hand int not null, reserved int not null,
        check (reserved <= on_hand));
      create table bench_stock_movements (id bigint generated always as identity primary key,
        stock_id int not null, reserved int not null, created_at timestamptz not null default now());
      insert into bench_stock select n, ${ON_HAND}, 0 from generate_series(1, ${clients}) as n;`);
    await db.$client.query(
      `create table bench_stock_clients as
       select n - 1 as n, v.id as variant_id
       from unnest($1::uuid[]) with ordinality as v(id, n)`,
      [variantIds],
    );
    await db.$client.query('alter table bench_stock_clients add primary key (n)');

    // As an exit reserves: its own cause and a key of its own (`exit:<id>:reserve`).
    const reserve = (variantId) => {
      const exitId = randomUUID();
      return ledger.reserve(organizationId, {
        cause: { type: 'exit', id: exitId },
        location: locationId,
        lines: [{ variant_id: variantId, quantity: 1 }],
      });
    };
    // Warm-up: every connection of the pool open and the plans warm.
    await Promise.all(variantIds.map((variantId) => reserve(variantId)));

    const run = { clients, seconds: seconds(10), cpu: cpuMeter(path.join(app.dataDir, 'pg')), say };
    const pgbench = (name, script) =>
      pgbenchRun({ ...run, name, url, workDir, pgbench: '/usr/bin/pgbench' }, script);
    const script = (id) => `\\set id ${id}
BEGIN;
UPDATE bench_stock SET reserved = reserved + 1 WHERE id = :id AND reserved + 1 <= on_hand;
INSERT INTO bench_stock_movements (stock_id, reserved) VALUES (:id, 1);
COMMIT;
`;
    // The statement StockLedger.reserve sends (one `stock_move` call, its own transaction).
    const stockScript = (client) => `\\set client ${client}
\\set r random(1, 1000000000000)
SELECT * FROM stock_move('${organizationId}', 'reserve', 'exit', 'pgbench-' || :client || '-' || :r, NULL, NULL, NULL, now(), jsonb_build_array(jsonb_build_object('variant_id', (SELECT variant_id FROM bench_stock_clients WHERE n = :client), 'location_id', '${locationId}', 'quantity', 1)));
`;
    const results = [
      await clientsRun({ ...run, name: 'stock, 1 SKU' }, () => reserve(variantIds[0])),
      await pgbench('pgbench, 1 row', script('1')),
      await clientsRun({ ...run, name: `stock, ${skus} SKUs` }, (client) =>
        reserve(variantIds[client]),
      ),
      await pgbench(`pgbench, ${clients} rows`, script(':client_id + 1')),
      await pgbench("pgbench, stock's SQL, 1 SKU", stockScript('0')),
      await pgbench(`pgbench, stock's SQL, ${skus} SKUs`, stockScript(':client_id')),
    ];
    say('Verifying the stock ledger…');
    const problems = await verifyStock(db);
    const ratios = [
      { name: '1 SKU / 1 row', ratio: results[0].per_second / results[1].per_second },
      {
        name: `${skus} SKUs / ${clients} rows`,
        ratio: results[2].per_second / results[3].per_second,
      },
    ].map((entry) => ({ ...entry, ratio: Number(entry.ratio.toFixed(3)) }));
    const manySkus = ratios[1];
    say('');
    say(comparisonTable(results, 'reservation'));
    say('');
    for (const { name, ratio } of ratios)
      say(`stock/pgbench ${name}: ${(ratio * 100).toFixed(0)}%`);
    const pass = manySkus.ratio >= STOCK_GOAL.minRatio && problems.length === 0;
    return {
      report: {
        results,
        ratios,
        stock_problems: problems.length,
        goal: { ...STOCK_GOAL, pass },
      },
    };
  } finally {
    await db.$client.end();
    rmSync(workDir, { recursive: true, force: true });
  }
}

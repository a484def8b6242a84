// `npm run bench:ledger`: how fast the prepaid-balance ledger debits, next to what PostgreSQL
// itself does with the same shape of work (issue 5; not part of `npm test`).
// On a throwaway embedded PostgreSQL (fresh temporary folder, migrated like the app's), runs for
// ~10 s each, with 50 concurrent clients on a 50-connection pool:
//   ledger  1 wallet    LedgerService.debit (1 centavo) by 50 clients on the same wallet
//   ledger 50 wallets   the same, each client on its own wallet
//   pgbench 1 row       pgbench -n -c 50 -j 2 -T 10 -f: BEGIN; UPDATE … balance - 1 WHERE id
//                       AND balance >= 1; INSERT a row; COMMIT; on one row
//   pgbench 50 rows     the same script, each client on its own row (:client_id)
// and, to tell PostgreSQL's share from the client's, pgbench running the very statements a
// ledger debit sends (one `ledger_post` call: advisory lock, idempotency lookup, balance,
// transaction and entries) on 1 and 50 wallets; then
// prints them all side by side with the ledger/pgbench ratio (goal: >= 50%), the CPU both spent per
// debit, and where a ledger debit's time goes (one client: round trips and time per statement).
// Options: --seconds N (default 10), --quick (3 s runs), --json (machine-readable result on
//          stdout; progress stays on stderr), --pgbench PATH (default /usr/bin/pgbench).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { api } from './api-modules.mjs';
import {
  clientsRun,
  comparisonTable,
  cpuMeter,
  pgbenchRun as pgbenchRunOn,
} from './pg-compare.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    quick: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    pgbench: { type: 'string', default: '/usr/bin/pgbench' },
  },
});
const SECONDS = args.quick ? 3 : Number(args.seconds);
const CLIENTS = 50;
const GOAL_RATIO = 0.5;
const say = (line) => console.error(line);

const { startEmbeddedPostgres } = await api('platform/embedded-postgres.ts');
const { connect, runMigrations } = await api('platform/db.ts');
const { systemClock } = await api('platform/clock.ts');
const { LedgerService } = await api('modules/wallet/ledger.service.ts');
const { verifyLedger } = await api('modules/invariants.ts');

const loadBefore = os.loadavg();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'despacho-bench-ledger-'));
// As root, embedded PostgreSQL runs as the `postgres` user, which must reach the folder.
chmodSync(dataDir, 0o755);
say(`Starting PostgreSQL in ${dataDir}…`);
const server = await startEmbeddedPostgres({
  dataDir: path.join(dataDir, 'pg'),
  database: 'bench',
});
const db = connect(server.url, CLIENTS);

const cpu = cpuMeter(path.join(dataDir, 'pg'));
const run = { clients: CLIENTS, seconds: SECONDS, cpu, say };
const ledgerRun = (name, work) => clientsRun({ ...run, name }, work);
const pgbenchRun = (name, script) =>
  pgbenchRunOn({ ...run, name, url: server.url, workDir: dataDir, pgbench: args.pgbench }, script);

/**
 * Where one debit's time goes with no contention: every statement a single client sends through
 * node-postgres, timed from send to answer, over `count` debits.
 */
async function profileDebit(ledger, organizationId, count) {
  const steps = new Map();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const text = typeof config === 'string' ? config : config.text;
    const started = performance.now();
    // pg.Pool#query hands the client a callback (the ledger's own statement goes that way).
    const callback = rest.at(-1);
    if (typeof callback === 'function') {
      rest[rest.length - 1] = (...answer) => {
        record(text, performance.now() - started);
        return callback(...answer);
      };
    }
    const result = original.call(this, config, ...rest);
    if (result && typeof result.then === 'function') {
      void result.then(
        () => record(text, performance.now() - started),
        () => record(text, performance.now() - started),
      );
    }
    return result;
  };
  function record(text, ms) {
    const key = stepOf(text);
    const step = steps.get(key) ?? { calls: 0, ms: 0 };
    step.calls++;
    step.ms += ms;
    steps.set(key, step);
  }
  const started = performance.now();
  try {
    for (let index = 0; index < count; index++) {
      await ledger.debit({
        organizationId,
        idempotencyKey: `profile-${index}`,
        kind: 'label',
        lines: [{ account: 'carrier_payable', amount: 1 }],
      });
    }
  } finally {
    pg.Client.prototype.query = original;
  }
  const total = performance.now() - started;
  return {
    debits: count,
    ms_per_debit: Number((total / count).toFixed(3)),
    round_trips_per_debit: [...steps.values()].reduce((sum, step) => sum + step.calls, 0) / count,
    steps: [...steps.entries()].map(([step, { calls, ms }]) => ({
      step,
      per_debit: calls / count,
      ms_per_call: Number((ms / calls).toFixed(3)),
    })),
  };
}

function stepOf(text) {
  const sql = text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (sql === 'begin' || sql.startsWith('begin')) return 'BEGIN';
  if (sql === 'commit') return 'COMMIT (runs the deferred zero-sum trigger)';
  if (sql.includes('pg_advisory_xact_lock')) return 'advisory lock on the idempotency key';
  if (sql.startsWith('select') && sql.includes('"ledger_transactions"'))
    return 'idempotency lookup';
  if (sql.includes('from ledger_post(')) return 'ledger_post (lock, lookup, balance, rows)';
  if (sql.includes('from ledger_claim(')) return 'ledger_claim (lock, lookup)';
  if (sql.startsWith('with moved as')) return 'balance update + transaction + entries';
  if (sql.startsWith('update ledger_accounts')) return 'wallet balance update';
  if (sql.startsWith('insert into "ledger_transactions"')) return 'transaction insert';
  if (sql.startsWith('insert into "ledger_entries"')) return 'entries insert';
  return sql.slice(0, 60);
}

let exitCode = 1;
try {
  await runMigrations(db);
  const ledger = new LedgerService({ db, clock: systemClock });
  const created = await db.$client.query(
    `insert into organizations (company, default_currency, default_unit, abbreviation)
     select 'Banco de pruebas ' || n, 'MXN', 'kg', 'BP' from generate_series(1, $1) as n
     returning id`,
    [CLIENTS + 1],
  );
  const organizations = created.rows.map((row) => row.id);
  // Enough balance that no debit is ever refused: every run measures committed debits.
  for (const organizationId of organizations) {
    await ledger.credit({
      organizationId,
      idempotencyKey: 'opening',
      kind: 'deposit',
      amount: 1_000_000_000,
      from: 'bank_clearing',
    });
  }
  await db.$client.query(`
    create table bench_wallets (id int primary key, balance bigint not null);
    create table bench_movements (id bigint generated always as identity primary key,
      wallet_id int not null, amount bigint not null,
      created_at timestamptz not null default now());
    insert into bench_wallets select n, 1000000000 from generate_series(1, ${CLIENTS}) as n;`);
  // For pgbench running the ledger's own statements: client n debits organization n (0: the
  // shared wallet), whose ids it reads by number.
  await db.$client.query(
    `create table bench_clients as
     select n - 1 as n, o.id as organization_id, w.id as wallet_id, h.id as hold_id,
            c.id as carrier_id
     from unnest($1::uuid[]) with ordinality as o(id, n)
     join ledger_accounts w on w.organization_id = o.id and w.kind = 'wallet'
     join ledger_accounts h on h.organization_id = o.id and h.kind = 'wallet_hold'
     join ledger_accounts c on c.organization_id is null and c.kind = 'carrier_payable';
     `.trim(),
    [organizations],
  );
  await db.$client.query('alter table bench_clients add primary key (n)');
  // Warm-up: every connection of the pool open, the plans and the account cache warm.
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, client) =>
      ledger.debit({
        organizationId: organizations[client + 1],
        idempotencyKey: 'warm-up',
        kind: 'label',
        lines: [{ account: 'carrier_payable', amount: 1 }],
      }),
    ),
  );

  let keys = 0;
  const debit = (organizationId) =>
    ledger.debit({
      organizationId,
      idempotencyKey: `bench-${++keys}`,
      kind: 'label',
      lines: [{ account: 'carrier_payable', amount: 1 }],
    });
  const script = (id) => `\\set id ${id}
BEGIN;
UPDATE bench_wallets SET balance = balance - 1 WHERE id = :id AND balance >= 1;
INSERT INTO bench_movements (wallet_id, amount) VALUES (:id, -1);
COMMIT;
`;
  // The statement LedgerService.debit sends (one `ledger_post` call, its own transaction), run
  // by pgbench: what PostgreSQL alone needs for a ledger debit, without Node, drizzle and
  // node-postgres around it.
  const ledgerScript = (client) => `\\set client ${client}
\\set r random(1, 1000000000000)
SELECT * FROM ledger_post((SELECT organization_id FROM bench_clients WHERE n = :client), 'pgbench-' || :client || '-' || :r, 'pgbench', 'label', NULL, NULL, NULL, NULL, 'paid', now(), (SELECT wallet_id FROM bench_clients WHERE n = :client), (SELECT hold_id FROM bench_clients WHERE n = :client), ARRAY[(SELECT wallet_id FROM bench_clients WHERE n = :client), (SELECT carrier_id FROM bench_clients WHERE n = :client)], ARRAY[-1, 1]::bigint[], false);
`;
  const results = [
    await ledgerRun('ledger, 1 wallet', () => debit(organizations[0])),
    await pgbenchRun('pgbench, 1 row', script('1')),
    await ledgerRun(`ledger, ${CLIENTS} wallets`, (client) => debit(organizations[client + 1])),
    await pgbenchRun(`pgbench, ${CLIENTS} rows`, script(':client_id + 1')),
  ];
  const ledgerSql = [
    await pgbenchRun("pgbench, ledger's SQL, 1 wallet", ledgerScript('0')),
    await pgbenchRun(`pgbench, ledger's SQL, ${CLIENTS} wallets`, ledgerScript(':client_id + 1')),
  ];
  const profile = await profileDebit(ledger, organizations[0], args.quick ? 200 : 1000);
  say('Verifying the ledger…');
  const problems = await verifyLedger(db);

  const ratios = [
    { name: '1 wallet / 1 row', ratio: results[0].per_second / results[1].per_second },
    {
      name: `${CLIENTS} wallets / ${CLIENTS} rows`,
      ratio: results[2].per_second / results[3].per_second,
    },
  ].map((entry) => ({ ...entry, ratio: Number(entry.ratio.toFixed(3)), goal: GOAL_RATIO }));
  const loadAfter = os.loadavg();
  const report = {
    clients: CLIENTS,
    seconds: SECONDS,
    cpus: os.cpus().length,
    load_before: loadBefore.map((value) => Number(value.toFixed(2))),
    load_after: loadAfter.map((value) => Number(value.toFixed(2))),
    results,
    ledger_sql: ledgerSql,
    ratios,
    profile,
    ledger_problems: problems.length,
  };
  if (args.json) console.log(JSON.stringify(report, null, 2));
  say('');
  say(comparisonTable([...results, ...ledgerSql], 'debit'));
  say('');
  for (const { name, ratio } of ratios) {
    say(
      `ledger/pgbench ${name}: ${(ratio * 100).toFixed(0)}% ` +
        `(goal >= ${GOAL_RATIO * 100}%) ${ratio >= GOAL_RATIO ? 'OK' : 'BELOW'}`,
    );
  }
  say('');
  say(
    `One debit alone: ${profile.ms_per_debit} ms, ${profile.round_trips_per_debit} round trips ` +
      '(pgbench: 4):',
  );
  for (const step of profile.steps) {
    say(`  ${step.step.padEnd(46)} ${String(step.per_debit).padStart(4)} × ${step.ms_per_call} ms`);
  }
  say('');
  say(
    `Load average (1/5/15 min) before ${report.load_before.join(' ')}, after ` +
      `${report.load_after.join(' ')}, on ${report.cpus} CPUs; ledger problems: ${problems.length}.`,
  );
  exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await db.$client.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

// What the ledger bench (bench/ledger.mjs) and the stock bench (bench/stock.mjs) share: run one
// piece of work on N concurrent clients for a while, run a pgbench script on the same server for
// as long, and put both side by side with the CPU PostgreSQL and the client spent per operation.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { cpuSeconds } from './cpu.mjs';
import { textTable } from './text-table.mjs';

/** utime, stime, cutime and cstime of a process, in seconds (Linux ticks are 1/100 s). */
export function processTimes(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = (index) => Number(fields[index]) / 100;
    return { own: ticks(11) + ticks(12), reaped: ticks(13) + ticks(14) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds so far of PostgreSQL (its postmaster, the live backends and the backends that
 * already ended: pgbench disconnects before a run is measured) whose data folder is `pgDataDir`,
 * and of this process.
 */
export function cpuMeter(pgDataDir) {
  return () => {
    const pid = Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const postmaster = processTimes(pid);
    const live = cpuSeconds(pid);
    const own = process.cpuUsage();
    return {
      postgres: postmaster && live ? postmaster.own + postmaster.reaped + live.descendants : null,
      node: (own.user + own.system) / 1e6,
    };
  };
}

const perOperation = (cpuSecondsSpent, operations) =>
  operations > 0 ? Math.round((cpuSecondsSpent / operations) * 1e6) : null;

/** CPU seconds of the child processes that ended (pgbench). */
const childCpu = () => processTimes(process.pid)?.reaped ?? 0;

/**
 * Runs `work(client)` in a loop on each of `clients` for `seconds`; answers operations per
 * second, the failures (the first one is said) and the CPU per operation.
 */
export async function clientsRun({ name, clients, seconds, cpu, say }, work) {
  say(`${name}: ${seconds} s, ${clients} clients…`);
  const deadline = Date.now() + seconds * 1000;
  const started = performance.now();
  const before = cpu();
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < deadline) {
        try {
          await work(client);
          done++;
        } catch (error) {
          failed++;
          if (failed === 1) say(`  first failure: ${error.message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = cpu();
  return {
    name,
    operations: done,
    failed,
    seconds: Number(elapsed.toFixed(2)),
    per_second: Math.round(done / elapsed),
    postgres_cpu_us:
      after.postgres === null ? null : perOperation(after.postgres - before.postgres, done),
    client_cpu_us: perOperation(after.node - before.node, done),
  };
}

const execFileAsync = promisify(execFile);

/**
 * pgbench (`-n -c clients -j 2 -T seconds`) with `script` against the database at `url`; the
 * script is written to `workDir`. Answers transactions per second as `clientsRun` does.
 */
export async function pgbenchRun(
  { name, clients, seconds, cpu, say, url, workDir, pgbench },
  script,
) {
  say(`${name}: ${seconds} s, ${clients} clients…`);
  const file = path.join(workDir, `${name.replace(/\W+/g, '-')}.sql`);
  writeFileSync(file, script);
  const server = new URL(url);
  const before = cpu();
  const clientCpuBefore = childCpu();
  const { stdout } = await execFileAsync(
    pgbench,
    ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file],
    {
      env: {
        ...process.env,
        PGHOST: server.hostname,
        PGPORT: server.port,
        PGUSER: decodeURIComponent(server.username),
        PGPASSWORD: decodeURIComponent(server.password),
        PGDATABASE: server.pathname.slice(1),
      },
    },
  );
  const after = cpu();
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`could not read pgbench's answer:\n${stdout}`);
  return {
    name,
    operations: processed,
    failed,
    seconds,
    per_second: Math.round(tps),
    postgres_cpu_us:
      after.postgres === null ? null : perOperation(after.postgres - before.postgres, processed),
    client_cpu_us: perOperation(childCpu() - clientCpuBefore, processed),
  };
}

/** The runs as a text table; `unit` names an operation ("debit", "reservation"). */
export function comparisonTable(rows, unit) {
  const columns = [
    ['scenario', (row) => row.name],
    [`${unit}s`, (row) => row.operations],
    ['failed', (row) => row.failed],
    ['per s', (row) => row.per_second],
    [`PG CPU µs/${unit}`, (row) => row.postgres_cpu_us ?? '-'],
    [`client CPU µs/${unit}`, (row) => row.client_cpu_us ?? '-'],
  ];
  return textTable(columns, rows);
}

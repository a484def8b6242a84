// Starts the real app as `npm start` runs it (the API from TypeScript through tsx, serving the
// built SPA) on a throwaway embedded PostgreSQL in a fresh temporary DATA_DIR, which is removed
// when the app stops. Used by the end-to-end server and the benchmark.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * A caller that passes `dataDir` owns it (a restart on the same data): it is kept when the app
 * stops.
 * @param {{ port: number, name: string, env?: Record<string, string>, stdio?: import('node:child_process').StdioOptions, dataDir?: string }} options
 */
export function startThrowawayApp({
  port,
  name,
  env: extra = {},
  stdio = 'inherit',
  dataDir: given,
}) {
  const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), `despacho-${name}-`));
  // As root, embedded PostgreSQL runs as the `postgres` user, which must reach DATA_DIR/pg.
  chmodSync(dataDir, 0o755);
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '0', // any free port: never collides with a running `npm start`
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    ...extra,
  };
  delete env.DATABASE_URL; // always the embedded server, never a developer's database

  // Its own process group: a signal meant for our group (Ctrl-C, Playwright stopping its web
  // server) does not reach PostgreSQL directly; we forward it so the API closes in order.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')],
    { cwd: root, env, stdio, detached: true },
  );

  let cleaned = false;
  const cleanUp = () => {
    if (cleaned || given) return;
    cleaned = true;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      cleanUp();
      resolve({ code, signal });
    }),
  );
  // Last resort if our process leaves first: take the API and its database along.
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) killGroup();
    cleanUp();
  });

  let stopping;
  /** SIGTERM, then SIGKILL to the group after `graceMs`; resolves once gone and cleaned. */
  const stop = (graceMs = 15_000) => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => {
        console.error(`${name}: the app did not stop within ${graceMs} ms; killing it.`);
        killGroup();
      }, graceMs);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  /**
   * The whole process tree at once (the app, PostgreSQL and its backends, which put themselves
   * in sessions of their own), as a power cut would; resolves once none of them is left, so a
   * restart never meets a dying server on its data. Calling it again waits for the same kill.
   */
  let killing;
  const kill = (timeoutMs = 15_000) => {
    killing ??= (async () => {
      const tree = processTree(child.pid);
      killGroup();
      for (const pid of tree) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      const deadline = Date.now() + timeoutMs;
      while (tree.some(exists)) {
        if (Date.now() > deadline) throw new Error(`${name}: processes outlived SIGKILL`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    return killing;
  };
  return {
    url,
    dataDir,
    child,
    exited,
    stop,
    kill,
    isStopping: () => stopping !== undefined,
  };
}

/** `/proc/<pid>/stat` as [state, parent pid], or null once the process is gone. */
function procStat(pid) {
  try {
    // The command name may hold spaces and parentheses: the fields follow its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [state, Number(ppid)];
  } catch {
    return null;
  }
}

/**
 * Whether a process is still in the process table. A zombie counts: PostgreSQL takes a
 * postmaster that is a zombie not yet reaped for a live one and refuses to start on its data.
 */
function exists(pid) {
  return procStat(pid) !== null;
}

/** `root` and every process below it, read from /proc (Linux). */
function processTree(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (!stat) continue;
    const list = children.get(stat[1]) ?? [];
    list.push(Number(entry));
    children.set(stat[1], list);
  }
  const tree = [];
  const visit = (pid) => {
    tree.push(pid);
    for (const next of children.get(pid) ?? []) visit(next);
  };
  visit(root);
  return tree;
}

/** Resolves once `GET /api/v1/health` answers 200; rejects if the app exits or time runs out. */
export async function waitForHealth(app, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void app.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error('the app exited before it was healthy');
    try {
      const response = await fetch(`${app.url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app was not healthy within ${timeoutMs} ms`);
}

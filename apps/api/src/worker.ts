import { buildApp } from './app';
import { systemClock } from './platform/clock';
import { openProcess, stopOnSignals } from './process-lifecycle';

/**
 * `npm run worker`: the jobs worker alone (decision 021), no HTTP. Built from the same app as the
 * API, so it has every job kind's handler; point it with DATABASE_URL at the database the API
 * processes use (started with `WORKER=0`). Several workers may run: pg-boss hands each job to one.
 */
async function worker() {
  const { config, server, db } = await openProcess();
  const app = await buildApp({ config, db, clock: systemClock });
  await app.ready();
  app.jobs.start(config.JOBS_POLL_MS);
  stopOnSignals(app, db, server);
  console.log(
    `Despacho worker: ejecutando trabajos en segundo plano (${server.embedded ? 'PostgreSQL embebido' : 'DATABASE_URL'}).`,
  );
}

worker().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { describe, expect, it } from 'vitest';
import { startThrowawayApp, waitForHealth } from '../../../scripts/lib/throwaway-app.mjs';
import { freePort } from './platform/embedded-postgres';

/**
 * The app as `npm start` runs it (API, job worker, instance lock, embedded PostgreSQL), stopped
 * by a signal once it has served and its job queue is running; answers its exit code and every
 * log line at warn level or above.
 */
async function startAndStop(signal: NodeJS.Signals) {
  const app = startThrowawayApp({
    port: await freePort(),
    name: 'stop',
    stdio: ['ignore', 'pipe', 'pipe'],
    // Polling often: the worker is mid-round, with pg-boss's connections open, when the signal comes.
    env: { LOG_LEVEL: 'warn', JOBS_POLL_MS: '50' },
  });
  let output = '';
  app.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  app.child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForHealth(app);
    expect((await fetch(`${app.url}/api/v1/health`)).status).toBe(200);
    // Once the banner is out the demo stores are connected and their backfills queued: the
    // signal comes while the worker is pulling their orders from the app's own sandbox stores.
    await expect
      .poll(() => output, { timeout: 60_000, interval: 50 })
      .toContain('Despacho está listo');
    app.child.kill(signal);
    const { code } = await app.exited;
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
    const warnings = logged
      .filter((entry) => entry.level >= 40)
      .map((entry) => (entry.err ? `${entry.msg}: ${entry.err.message}` : entry.msg));
    return { code, warnings };
  } finally {
    await app.stop();
  }
}

describe('a clean stop', () => {
  // Ctrl-C on `npm start` (SIGINT) and the end of a bench or of the e2e server (SIGTERM).
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'on %s closes the job queue and the instance lock before the database: no warning, exit 0',
    async (signal) => {
      const { code, warnings } = await startAndStop(signal);
      expect(warnings).toEqual([]);
      expect(code).toBe(0);
    },
    120_000,
  );
});

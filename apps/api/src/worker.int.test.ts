/**
 * Decision 021: two API processes without a worker (`WORKER=0`) and one worker process
 * (`npm run worker`) on one database, as README shows. A job enqueued through either API — a
 * password-recovery mail — is run by the worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { DEMO_LOGINS } from './db/seed';
import type { Db } from './platform/db';
import { freePort } from './platform/embedded-postgres';
import { jobs } from './platform/jobs.store';
import { DELIVER_MESSAGE_JOB } from './platform/outbox';
import { outboxMessages } from './platform/outbox.tables';

const ENTRY = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-worker-'));
const children: ChildProcess[] = [];
let db: Db;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(
    children.map((child) => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      return exited;
    }),
  );
  await db.$client.end();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A process entry on the test's database; resolves once it printed `ready`. */
async function startProcess(entry: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY(entry)], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.$client.options.connectionString!,
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      JOBS_POLL_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (ready.test(seen)) resolve();
    });
    void exited.then(([code, signal]) =>
      reject(new Error(`${entry} exited before it was ready (${code ?? signal})`)),
    );
  });
}

async function startApi() {
  const port = await freePort();
  await startProcess('main.ts', { PORT: String(port), WORKER: '0' }, /está listo/);
  return `http://127.0.0.1:${port}/api/v1`;
}

const requestReset = (api: string, email: string) =>
  fetch(`${api}/auth/password/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

/** The reset mails: to these recipients since `since` (the demo seed queues mails of its own). */
const resetMails = (recipients: string[], since: Date) =>
  and(inArray(outboxMessages.recipient, recipients), gte(outboxMessages.createdAt, since));

async function deliveryStates(recipients: string[], since: Date) {
  const rows = await db
    .select({ state: jobs.state })
    .from(jobs)
    .innerJoin(outboxMessages, sql`${outboxMessages.id}::text = ${jobs.payload} ->> 'id'`)
    .where(and(eq(jobs.kind, DELIVER_MESSAGE_JOB), resetMails(recipients, since)));
  return rows.map((row) => row.state);
}

describe('two API processes and a worker on one database', () => {
  it('runs in the worker a job enqueued through either API', async () => {
    // One after the other: the first start seeds the demo logins.
    const first = await startApi();
    const second = await startApi();
    const emails = [DEMO_LOGINS[0].email, DEMO_LOGINS[1].email];
    const since = new Date();
    expect((await requestReset(first, emails[0]!)).status).toBe(200);
    expect((await requestReset(second, emails[1]!)).status).toBe(200);
    // Neither API runs jobs: both mails wait for a worker.
    expect(await deliveryStates(emails, since)).toEqual(['created', 'created']);

    await startProcess('worker.ts', {}, /worker/);
    // The worker's poll delivers them (kept: no SMTP configured); wait for that, bounded.
    const deadline = Date.now() + 30_000;
    let messages: { status: string }[] = [];
    while (Date.now() < deadline) {
      messages = await db
        .select({ status: outboxMessages.status })
        .from(outboxMessages)
        .where(and(resetMails(emails, since), eq(outboxMessages.status, 'kept')));
      if (messages.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(messages).toHaveLength(2);
    expect(await deliveryStates(emails, since)).toEqual(['completed', 'completed']);
  }, 120_000);
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { parseConfig, type Config } from '../src/config';
import type { ServiceOverrides } from '../src/modules/services';
import { ManualClock } from '../src/platform/clock';
import { connect } from '../src/platform/db';

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase() {
  const templateUrl = new URL(inject('templateDatabaseUrl'));
  const template = templateUrl.pathname.slice(1);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return connect(url.toString(), 5);
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    APP_URL: 'http://despacho.test',
    // Tests change rows directly; every call must see them (the cache has its own test).
    CALLER_CACHE_MS: 0,
    ...overrides,
  };
}

/**
 * The real app on a fresh database, with a clock the test can move and its log lines in `logs`. Given `databaseUrl` (another
 * test app's `db.$client.options.connectionString`), a second app with a pool and memory of its
 * own on that database instead, as a second API process would be. `services` puts other
 * adapters (carriers, payment provider) in its composition root.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  databaseUrl?: string,
  services: ServiceOverrides = {},
) {
  const db = databaseUrl ? connect(databaseUrl, 5) : await createTestDatabase();
  const clock = new ManualClock(new Date('2026-03-02T16:00:00Z'));
  // Uploaded files of a test app go to a folder of its own, never into the project.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-test-data-'));
  // What the app logs (nothing unless the test raises LOG_LEVEL), for tests that read it.
  const logs: string[] = [];
  const app = await buildApp(
    {
      config: testConfig({ DATA_DIR: dataDir, ...overrides }),
      db,
      clock,
      logStream: { write: (line) => logs.push(line) },
    },
    services,
  );
  await app.ready();
  return {
    app,
    db,
    clock,
    logs,
    async close() {
      await app.close();
      await db.$client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { FILE_STORAGES, type StorageUnderTest } from '../../test/file-storages';
import { multipart, sampleFiles } from '../../test/multipart';
import { createTestApp, createTestDatabase, testConfig } from '../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../test/users';
import { ManualClock } from './clock';
import { connect, type Db } from './db';

/** Two API processes on one database and one bucket, each with a data folder of its own. */
describe('files on S3 shared by two API processes', () => {
  const lines: string[] = [];
  const clock = new ManualClock(new Date('2026-03-02T16:00:00Z'));
  const opened: { app: FastifyInstance; db: Db }[] = [];
  let storage: StorageUnderTest;
  let first: FastifyInstance;
  let second: Awaited<ReturnType<typeof createTestApp>>;
  let databaseUrl: string;
  let merchant: TestUser;

  /** An app whose every log line, down to `trace`, is kept in `lines`. */
  async function loggedApp(config: Partial<Config>, db: Db) {
    const app = await buildApp({
      config: testConfig({ ...config, LOG_LEVEL: 'trace' }),
      db,
      clock,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    opened.push({ app, db });
    return app;
  }

  beforeAll(async () => {
    storage = await FILE_STORAGES[1]!.start();
    const db = await createTestDatabase();
    databaseUrl = db.$client.options.connectionString!;
    first = await loggedApp({ DATA_DIR: storage.dataDir, ...storage.config }, db);
    // createTestApp gives the second process a data folder of its own.
    second = await createTestApp(storage.config, databaseUrl);
    merchant = (await createTestMerchant({ db, clock })).user;
  });
  afterAll(async () => {
    for (const { app, db } of opened) {
      await app.close();
      await db.$client.end();
    }
    await second.close();
    await storage.stop();
  });

  const uploadLogo = (app: FastifyInstance, content: Buffer) => {
    const body = multipart({ name: 'logo.png', content, type: 'image/png' });
    return app.inject({
      method: 'POST',
      url: '/api/v1/organization/logo',
      headers: merchant.headers(body.headers),
      payload: body.payload,
    });
  };

  it('serves a file uploaded through one process from the other, and forgets it from either', async () => {
    const logo = sampleFiles.png(700);
    const uploaded = await uploadLogo(first, logo);
    expect(uploaded.statusCode).toBe(200);

    const served = await callAs(second.app, merchant, 'GET', '/organization/logo');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(logo)).toBe(true);

    const organizationId = merchant.organizationId!;
    expect(await storage.held(organizationId)).toHaveLength(1);
    expect((await callAs(second.app, merchant, 'DELETE', '/organization/logo')).statusCode).toBe(
      200,
    );
    expect(await storage.held(organizationId)).toEqual([]);
    expect((await callAs(first, merchant, 'GET', '/organization/logo')).statusCode).toBe(404);
  });

  it('never writes the secret key to the log, working or failing', async () => {
    const secret = storage.config.S3_SECRET_ACCESS_KEY!;
    const failing = await loggedApp(
      { ...storage.config, S3_BUCKET: `sin-cubeta-${randomUUID().slice(0, 8)}` },
      connect(databaseUrl, 2),
    );
    const before = lines.length;
    expect((await uploadLogo(first, sampleFiles.png())).statusCode).toBe(200);
    expect((await callAs(first, merchant, 'GET', '/organization/logo')).statusCode).toBe(200);
    const refused = await uploadLogo(failing, sampleFiles.png());
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('FILE_STORAGE_UNAVAILABLE');

    expect(lines.slice(before).some((line) => line.includes('"statusCode":503'))).toBe(true);
    expect(lines.join('\n')).not.toContain(secret);
  });
});

import multipartPlugin from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { FILE_STORAGES, type StorageUnderTest } from '../../test/file-storages';
import { multipart, sampleFiles } from '../../test/multipart';
import { createTestDatabase, testConfig } from '../../test/test-app';
import { ManualClock } from './clock';
import type { Db } from './db';
import { registerErrorHandler } from './error-handler';
import { fileStorageFor } from './file-storage';
import { FileStore, sniffKind } from './files';
import { registerLanguage } from './language';
import { ProviderCalls, providerUp } from './provider-calls';
import { providerFailures } from './provider-calls.tables';

const organizationId = randomUUID();
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.$client.end();
});

/**
 * A store on the storage `config` chooses, its files under `dataDir`; retries wait for nothing
 * and each wait is recorded in `waits`.
 */
function storeOn(dataDir: string, config: Partial<Config>, waits: number[] = []) {
  const clock = new ManualClock();
  const calls = new ProviderCalls({ db, clock, sleep: async (ms) => void waits.push(ms) });
  const root = path.join(dataDir, 'files');
  return new FileStore(db, root, clock, fileStorageFor(testConfig(config), root, calls));
}

/** A bare app around one store, with an upload, a download and an in-place view. */
async function serve(store: FileStore) {
  const app = Fastify();
  registerLanguage(app);
  registerErrorHandler(app);
  await app.register(multipartPlugin);
  app.post('/upload', async (request) => ({
    data: await store.receive(request, {
      organizationId,
      purpose: 'test',
      allowed: ['png', 'pdf', 'xml'],
      field: 'file',
      maxBytes: 1024,
    }),
  }));
  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) =>
    store.send(reply, await store.find(organizationId, request.params.id), { download: true }),
  );
  // Shown in place when the browser may: the way verification documents are opened.
  app.get<{ Params: { id: string } }>('/files/:id/view', async (request, reply) =>
    store.send(reply, await store.find(organizationId, request.params.id)),
  );
  return app;
}

const upload = (name: string, content: Buffer, language = 'es', field = 'file') => {
  const body = multipart({ name, content, type: 'image/png', field });
  return app.inject({
    method: 'POST',
    url: '/upload',
    payload: body.payload,
    headers: { ...body.headers, 'x-language': language },
  });
};

describe('FileStore', () => {
  it('recognises files by their content', () => {
    expect(sniffKind(sampleFiles.png())).toBe('png');
    expect(sniffKind(sampleFiles.jpeg())).toBe('jpeg');
    expect(sniffKind(sampleFiles.webp())).toBe('webp');
    expect(sniffKind(sampleFiles.pdf())).toBe('pdf');
    expect(sniffKind(sampleFiles.exe())).toBeNull();
  });
});

describe.each(FILE_STORAGES)('FileStore on $name', ({ start }) => {
  let storage: StorageUnderTest;
  const storedFiles = () => storage.held(organizationId);

  beforeAll(async () => {
    storage = await start();
    app = await serve(storeOn(storage.dataDir, storage.config));
  });
  afterAll(async () => {
    await app.close();
    await storage.stop();
  });

  it('stores an allowed file under a generated name and serves it back as an attachment', async () => {
    const response = await upload('../../logo final.png', sampleFiles.png(300));
    expect(response.statusCode).toBe(200);
    const file = response.json().data;
    expect(file).toMatchObject({ kind: 'png', size: 300, originalName: 'logo final.png' });
    expect(await storedFiles()).toContain(`${organizationId}/${file.id}`);

    const served = await app.inject({ method: 'GET', url: `/files/${file.id}` });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('attachment; filename="logo final.png"');
    expect(served.rawPayload.equals(sampleFiles.png(300))).toBe(true);
  });

  it('names a file with accents in UTF-8 (RFC 8187) with an ASCII fallback', async () => {
    const file = (await upload('Logotipo año–Ñandú.png', sampleFiles.png())).json().data;
    expect(file.originalName).toBe('Logotipo año–Ñandú.png');
    const served = await app.inject({ method: 'GET', url: `/files/${file.id}` });
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Logotipo a?o??and?.png"; ` +
        `filename*=UTF-8''Logotipo%20a%C3%B1o%E2%80%93%C3%91and%C3%BA.png`,
    );
  });

  it('answers 404 for a file whose bytes are gone from the storage', async () => {
    const file = (await upload('perdido.png', sampleFiles.png())).json().data;
    await storage.drop(`${organizationId}/${file.id}`);
    const served = await app.inject({ method: 'GET', url: `/files/${file.id}` });
    expect(served.statusCode).toBe(404);
    expect(served.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a disguised executable and keeps nothing', async () => {
    const before = (await storedFiles()).length;
    const response = await upload('foto.png', sampleFiles.exe());
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Este tipo de archivo no está permitido. Sube un archivo PNG, PDF, XML.',
      details: { allowed: 'PNG, PDF, XML' },
    });
    expect(await storedFiles()).toHaveLength(before);
  });

  it('refuses a file over the limit while streaming, in the caller language', async () => {
    const before = (await storedFiles()).length;
    const response = await upload('grande.pdf', sampleFiles.pdf(1025), 'en');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('The file is larger than the maximum of 1 KB.');
    expect(await storedFiles()).toHaveLength(before);
  });

  it('answers NOT_FOUND for a file of another organization', async () => {
    const response = await app.inject({ method: 'GET', url: `/files/${randomUUID()}` });
    expect(response.statusCode).toBe(404);
  });

  it('accepts a file only in the declared field', async () => {
    const before = (await storedFiles()).length;
    const response = await upload('logo.png', sampleFiles.png(), 'en', 'avatar');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'FILE_FIELD_UNEXPECTED',
      message: 'Send the file in the "file" field.',
      details: { field: 'file' },
    });
    expect(await storedFiles()).toHaveLength(before);
  });

  it('never shows a stored XML in place, and sandboxes what it serves', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const xml = (await upload('dibujo.svg', svg)).json().data;
    const served = await app.inject({ method: 'GET', url: `/files/${xml.id}/view` });
    expect(served.headers['content-type']).toBe('application/xml');
    expect(served.headers['content-disposition']).toBe('attachment; filename=dibujo.svg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; sandbox",
    );

    const png = (await upload('logo.png', sampleFiles.png())).json().data;
    const image = await app.inject({ method: 'GET', url: `/files/${png.id}/view` });
    expect(image.headers['content-disposition']).toBe('inline; filename=logo.png');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    const saved = await app.inject({ method: 'GET', url: `/files/${png.id}` });
    expect(saved.headers['content-security-policy']).toContain('sandbox');
  });

  it('forgets a file: its row and its bytes', async () => {
    const store = storeOn(storage.dataDir, storage.config);
    const file = (await upload('borrar.pdf', sampleFiles.pdf())).json().data;
    await store.remove(await store.find(organizationId, file.id));
    expect(await storedFiles()).not.toContain(`${organizationId}/${file.id}`);
    await expect(store.find(organizationId, file.id)).rejects.toThrow('NOT_FOUND');
  });
});

describe('FileStore partial uploads', () => {
  it('sweeps partial uploads left idle longer than a live upload can be', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'despacho-files-'));
    const folder = path.join(root, organizationId);
    const stale = path.join(folder, `${randomUUID()}.part`);
    const deep = path.join(root, 'otra', 'carpeta', `${randomUUID()}.part`);
    const live = path.join(folder, `${randomUUID()}.part`);
    mkdirSync(folder);
    mkdirSync(path.dirname(deep), { recursive: true });
    for (const file of [stale, deep, live]) writeFileSync(file, 'parcial');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(stale, hourAgo, hourAgo);
    utimesSync(deep, hourAgo, hourAgo);

    const store = new FileStore(db, root, new ManualClock());
    expect(await store.sweepPartials(60_000)).toBe(2);
    expect([existsSync(stale), existsSync(deep), existsSync(live)]).toEqual([false, false, true]);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('FileStore when S3 fails', () => {
  /** The file storage's failed calls of one operation: each test fails its own. */
  const failuresOf = (operation: string) =>
    db
      .select()
      .from(providerFailures)
      .where(and(eq(providerFailures.kind, 'files'), eq(providerFailures.operation, operation)));

  it('answers FILE_STORAGE_UNAVAILABLE for a missing bucket, keeps nothing and tells staff', async () => {
    const storage = await FILE_STORAGES[1]!.start();
    const waits: number[] = [];
    app = await serve(
      storeOn(storage.dataDir, { ...storage.config, S3_BUCKET: 'cubeta-inexistente' }, waits),
    );
    try {
      const response = await upload('logo.png', sampleFiles.png());
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: {
          code: 'FILE_STORAGE_UNAVAILABLE',
          message:
            'No pudimos guardar ni leer archivos en este momento. Inténtalo de nuevo en unos minutos.',
        },
      });
      const english = await upload('logo.png', sampleFiles.png(), 'en');
      expect(english.json().error.message).toBe(
        'We could not save or read files right now. Please try again in a few minutes.',
      );
      // S3's own refusal is no outage: not retried, and nothing left on disk or in a row.
      expect(waits).toEqual([]);
      expect(await storage.held(organizationId)).toEqual([]);
      const failure = { provider: 's3', code: 'rejected', httpStatus: 404 };
      expect(await failuresOf('put')).toMatchObject([
        { ...failure, providerCode: 'NoSuchBucket' },
        { ...failure, providerCode: 'NoSuchBucket' },
      ]);
    } finally {
      await app.close();
      await storage.stop();
    }
  });

  it('retries a server that stopped answering, then answers 503 without a stack', async () => {
    const storage = await FILE_STORAGES[1]!.start();
    const waits: number[] = [];
    app = await serve(storeOn(storage.dataDir, storage.config, waits));
    try {
      const file = (await upload('logo.png', sampleFiles.png())).json().data;
      await storage.stop();

      const served = await app.inject({ method: 'GET', url: `/files/${file.id}` });
      expect(served.statusCode).toBe(503);
      expect(served.json().error).toEqual({
        code: 'FILE_STORAGE_UNAVAILABLE',
        message: expect.stringContaining('No pudimos'),
      });
      expect(waits).toEqual([500, 1000]);
      const health = (await providerUp.get()).values.find(
        (value) => value.labels.kind === 'files' && value.labels.provider === 's3',
      );
      expect(health?.value).toBe(0);
      const recorded = await failuresOf('get');
      expect(recorded.map((failure) => [failure.provider, failure.code])).toEqual([
        ['s3', 'unavailable'],
        ['s3', 'unavailable'],
        ['s3', 'unavailable'],
      ]);
    } finally {
      await app.close();
    }
  });
});

import multipartPlugin from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, sampleFiles } from '../../test/multipart';
import { createTestDatabase } from '../../test/test-app';
import { ManualClock } from './clock';
import type { Db } from './db';
import { registerErrorHandler } from './error-handler';
import { FileStore, sniffKind } from './files';
import { registerLanguage } from './language';

const organizationId = randomUUID();
const root = mkdtempSync(path.join(tmpdir(), 'despacho-files-'));
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  const store = new FileStore(db, root, new ManualClock());
  app = Fastify();
  registerLanguage(app);
  registerErrorHandler(app);
  await app.register(multipartPlugin);
  app.post('/upload', async (request) => ({
    data: await store.receive(request, {
      organizationId,
      purpose: 'test',
      allowed: ['png', 'pdf'],
      maxBytes: 1024,
    }),
  }));
  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) =>
    store.send(reply, await store.find(organizationId, request.params.id), { download: true }),
  );
});
afterAll(async () => {
  await app.close();
  await db.$client.end();
  rmSync(root, { recursive: true, force: true });
});

const upload = (name: string, content: Buffer, language = 'es') => {
  const body = multipart({ name, content, type: 'image/png' });
  return app.inject({
    method: 'POST',
    url: '/upload',
    payload: body.payload,
    headers: { ...body.headers, 'x-language': language },
  });
};

const storedFiles = () => readdirSync(path.join(root, organizationId), { withFileTypes: true });

describe('FileStore', () => {
  it('recognises files by their content', () => {
    expect(sniffKind(sampleFiles.png())).toBe('png');
    expect(sniffKind(sampleFiles.jpeg())).toBe('jpeg');
    expect(sniffKind(sampleFiles.webp())).toBe('webp');
    expect(sniffKind(sampleFiles.pdf())).toBe('pdf');
    expect(sniffKind(sampleFiles.exe())).toBeNull();
  });

  it('stores an allowed file under a generated name and serves it back as an attachment', async () => {
    const response = await upload('../../logo final.png', sampleFiles.png(300));
    expect(response.statusCode).toBe(200);
    const file = response.json().data;
    expect(file).toMatchObject({ kind: 'png', size: 300, originalName: 'logo final.png' });
    expect(existsSync(path.join(root, organizationId, file.id))).toBe(true);

    const served = await app.inject({ method: 'GET', url: `/files/${file.id}` });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''logo%20final.png",
    );
    expect(served.rawPayload.equals(sampleFiles.png(300))).toBe(true);
  });

  it('refuses a disguised executable and keeps nothing', async () => {
    const before = storedFiles().length;
    const response = await upload('foto.png', sampleFiles.exe());
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Este tipo de archivo no está permitido. Sube un archivo PNG, PDF.',
      details: { allowed: 'PNG, PDF' },
    });
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses a file over the limit while streaming, in the caller language', async () => {
    const before = storedFiles().length;
    const response = await upload('grande.pdf', sampleFiles.pdf(1025), 'en');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('The file is larger than the maximum of 1 KB.');
    expect(storedFiles()).toHaveLength(before);
  });

  it('answers NOT_FOUND for a file of another organization', async () => {
    const response = await app.inject({ method: 'GET', url: `/files/${randomUUID()}` });
    expect(response.statusCode).toBe(404);
  });
});

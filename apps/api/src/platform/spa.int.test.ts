import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

const INDEX = '<!doctype html><title>Despacho</title>';
const LARGE = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `texto ${i}`))};`;

describe('serving the built SPA', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'despacho-dist-'));
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
    // As the build leaves a large asset: the file, its brotli and its gzip side by side.
    const large = path.join(dist, 'assets', 'large-3c4d.js');
    writeFileSync(large, LARGE);
    writeFileSync(`${large}.br`, brotliCompressSync(LARGE));
    writeFileSync(`${large}.gz`, gzipSync(LARGE));
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('answers any client route with index.html, always revalidated', async () => {
    for (const url of ['/app/dashboard', '/auth/wizard/abc', '/no/such/page']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Despacho</title>');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await get('/assets/app-1a2b.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed asset the client accepts, brotli first', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const;
    for (const [acceptEncoding, encoding, extension] of cases) {
      const response = await get('/assets/large-3c4d.js', acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers['content-type'], acceptEncoding).toContain('javascript');
      expect(response.headers.vary, acceptEncoding).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(
        response.rawPayload.equals(
          readFileSync(path.join(dist, 'assets', `large-3c4d.js${extension}`)),
        ),
        acceptEncoding,
      ).toBe(true);
    }
  });

  it('sends the plain asset to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/assets/large-3c4d.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.body).toBe(LARGE);
    }
  });

  it('still answers client routes with index.html when the client takes brotli', async () => {
    const response = await get('/app/dashboard', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain(
      '<title>Despacho</title>',
    );
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await get('/api/v1/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

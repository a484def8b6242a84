import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

describe('serving the built SPA', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'despacho-dist-'));
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Despacho</title>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

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

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await get('/api/v1/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

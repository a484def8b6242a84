import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp } from '../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../test/users';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let owner: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await createTestMerchant(ctx)).user;
});
afterAll(() => ctx.close());

const CHROME = 'gzip, deflate, br, zstd';
const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compression of API answers', () => {
  it('sends JSON above 1 KB in brotli when the client takes it, gzip otherwise', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/docs/json', CHROME);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers as it is when the client accepts no encoding, or only one we do not speak', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'compress']) {
      const response = await get('/api/docs/json', acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.json().openapi, acceptEncoding).toMatch(/^3\./);
    }
  });

  it('leaves answers under 1 KB alone, the error envelope included', async () => {
    const health = await get('/api/v1/health', CHROME);
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();

    const missing = await get('/api/v1/no-such-thing', CHROME);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('compresses a streamed download and keeps it a download', async () => {
    const plain = await callAs(ctx.app, owner, 'GET', '/wallet/transactions.csv');
    const zipped = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions.csv',
      headers: owner.headers({ 'x-language': 'es', 'accept-encoding': 'gzip' }),
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(zipped.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});

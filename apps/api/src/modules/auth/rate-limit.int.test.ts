import { sql } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { rateLimitCounters } from '../../platform/rate-limits.tables';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const LIMIT = 3;
const MINUTE = 60_000;

let ctx: TestApp;
let databaseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT: LIMIT });
  databaseUrl = ctx.db.$client.options.connectionString!;
});
afterAll(() => ctx.close());

// Every test sends from addresses of its own (`remoteAddress`) and for an email of its own, so
// neither its per-client counts nor the per-account sign-in backoff meet another test's.
const attempt = (
  app: TestApp['app'],
  { url = '/api/v1/auth/login', language = 'es', from = '127.0.0.1', forwardedFor = '' } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    payload: { email: `nadie.${from}@example.mx`, password: 'Clave#123' },
    headers: { 'x-language': language, ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
  });

describe('auth rate limit', () => {
  it('answers 429 with the localized message past the limit, per route', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await attempt(ctx.app)).statusCode).toBe(401);
    }
    const es = await attempt(ctx.app);
    expect(es.statusCode).toBe(429);
    expect(es.headers['retry-after']).toBe('60');
    expect(es.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
      },
    });
    const en = await attempt(ctx.app, { language: 'en' });
    expect(en.json().error.message).toBe('Too many attempts. Please wait a moment and try again.');

    // Password recovery keeps its own count.
    expect((await attempt(ctx.app, { url: '/api/v1/auth/password/reset' })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For when no proxy is trusted: a new header each try does not help', async () => {
    const from = '192.0.2.10';
    const answers = [];
    for (let i = 0; i < LIMIT + 3; i += 1) {
      answers.push((await attempt(ctx.app, { from, forwardedFor: `203.0.113.${i}` })).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('with TRUST_PROXY naming the proxy, counts each forwarded client apart', async () => {
    const proxied = await createTestApp({ AUTH_RATE_LIMIT: LIMIT, TRUST_PROXY: ['192.0.2.20'] });
    try {
      const viaProxy = (client: string) =>
        attempt(proxied.app, { from: '192.0.2.20', forwardedFor: client });
      for (let i = 0; i < LIMIT; i += 1) {
        expect((await viaProxy('203.0.113.1')).statusCode).toBe(401);
      }
      expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
      expect((await viaProxy('203.0.113.2')).statusCode).toBe(401);

      // A client that reaches the app directly cannot pose as another one.
      const direct = (forwardedFor: string) =>
        attempt(proxied.app, { from: '198.51.100.7', forwardedFor });
      const answers = [];
      for (let i = 0; i < LIMIT + 1; i += 1) {
        answers.push((await direct(`203.0.113.${50 + i}`)).statusCode);
      }
      expect(answers).toEqual([401, 401, 401, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('with TRUST_PROXY as a hop count, takes the client that many hops back', async () => {
    const oneHop = await createTestApp({ AUTH_RATE_LIMIT: LIMIT, TRUST_PROXY: 1 }, databaseUrl);
    try {
      // Two proxies appended their peers: with one hop trusted, 192.0.2.51 is the client.
      const send = (client: string) =>
        attempt(oneHop.app, { from: '192.0.2.50', forwardedFor: `203.0.113.99, ${client}` });
      for (let i = 0; i < LIMIT; i += 1) expect((await send('192.0.2.51')).statusCode).toBe(401);
      expect((await send('192.0.2.51')).statusCode).toBe(429);
      expect((await send('192.0.2.52')).statusCode).toBe(401);
    } finally {
      await oneHop.close();
    }
  });

  it('holds across two apps on one database, and across a restart', async () => {
    const from = '192.0.2.30';
    const second = await createTestApp({ AUTH_RATE_LIMIT: LIMIT }, databaseUrl);
    try {
      // Each app alone would allow LIMIT tries: together they allow LIMIT.
      expect((await attempt(ctx.app, { from })).statusCode).toBe(401);
      expect((await attempt(second.app, { from })).statusCode).toBe(401);
      expect((await attempt(ctx.app, { from })).statusCode).toBe(401);
      expect((await attempt(second.app, { from })).statusCode).toBe(429);
      expect((await attempt(ctx.app, { from })).statusCode).toBe(429);
    } finally {
      await second.close();
    }
    // A freshly started app remembers.
    const restarted = await createTestApp({ AUTH_RATE_LIMIT: LIMIT }, databaseUrl);
    try {
      expect((await attempt(restarted.app, { from })).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('starts a new window after a minute, and writes sweep expired counters away', async () => {
    const from = '192.0.2.40';
    for (let i = 0; i < LIMIT; i += 1) await attempt(ctx.app, { from });
    expect((await attempt(ctx.app, { from })).statusCode).toBe(429);
    const ours = `POST /api/v1/auth/login ${from}`;
    const perClient = async () =>
      (await ctx.db.select().from(rateLimitCounters)).filter((row) => row.key.startsWith('POST '));
    expect((await perClient()).length).toBeGreaterThan(1);

    ctx.clock.advance(MINUTE);
    expect((await attempt(ctx.app, { from })).statusCode).toBe(401);
    // The other tests' per-client counters had expired: the write that opened the new window
    // removed them. (Sign-in backoff counters live 15 minutes.)
    expect(await perClient()).toMatchObject([{ key: ours, hits: 1 }]);
    const left = await ctx.db.select().from(rateLimitCounters);
    expect(left.every((row) => row.expiresAt > ctx.clock.now())).toBe(true);
  });
});

const SERVER = fileURLToPath(new URL('../../../test/app-server.ts', import.meta.url));

/** `app-server.ts` as a process of its own on the file's database. */
async function startProcess(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: path.dirname(SERVER),
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_RATE_LIMIT: '3' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(([code, signal]) =>
      reject(new Error(`the app exited before listening (${code ?? signal})`)),
    );
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

describe('auth rate limit across two API processes', () => {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-rate-limit-'));
  afterAll(async () => {
    await Promise.all(
      children.map((child) => {
        const exited = once(child, 'exit');
        child.kill();
        return exited;
      }),
    );
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the same client make only the limit of tries through both', async () => {
    // Counters written by the in-process apps above (on their manual clock) must not count here.
    await ctx.db.execute(sql`truncate ${rateLimitCounters}`);
    const servers = await Promise.all([startProcess(dataDir), startProcess(dataDir)]);
    children.push(...servers.map((server) => server.child));
    const answers = [];
    for (let i = 0; i < 2 * LIMIT; i += 1) {
      const response = await fetch(`${servers[i % 2]!.base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'procesos@example.mx', password: 'Clave#123' }),
      });
      answers.push(response.status);
    }
    expect(answers).toEqual([401, 401, 401, 429, 429, 429]);
  }, 60_000);
});

import { mkdtempSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';
import { createTestMerchant } from '../../test/users';

/** Every upload endpoint of a merchant that stores the file on disk. */
const UPLOADS = [
  ['POST', '/api/v1/organization/logo'],
  ['PUT', '/api/v1/verification/documents/id'],
  ['POST', '/api/v1/shipments/insurance-invoices'],
] as const;

const BODY_TIMEOUT_MS = 300;
const REQUEST_TIMEOUT_MS = 1_500;
const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-timeouts-'));
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
let authorization: string;

beforeAll(async () => {
  ctx = await createTestApp({
    DATA_DIR: dataDir,
    HTTP_BODY_TIMEOUT_MS: BODY_TIMEOUT_MS,
    HTTP_REQUEST_TIMEOUT_MS: REQUEST_TIMEOUT_MS,
  });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as net.AddressInfo).port;
  authorization = (await createTestMerchant(ctx)).user.headers().authorization!;
});
afterAll(() => ctx.close());

const openFds = () => readdirSync('/proc/self/fd').length;

/** `.part` files under the app's files root. */
function partials(dir = path.join(dataDir, 'files')): string[] {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.name.endsWith('.part')).map((entry) => entry.name);
}

interface Stalled {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection. */
  answer: Promise<{ text: string; afterMs: number }>;
}

/**
 * Opens a raw connection, sends the headers and the start of a multipart upload that announces
 * far more bytes, then goes silent (or keeps dripping a byte every `dripMs`).
 */
async function stalledUpload(
  [method, url]: (typeof UPLOADS)[number],
  options: { language?: string; dripMs?: number } = {},
): Promise<Stalled> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  socket.on('error', () => {});
  const answer = new Promise<{ text: string; afterMs: number }>((resolve) =>
    socket.once('close', () => resolve({ text, afterMs: Date.now() - started })),
  );
  const boundary = 'despachoStall';
  socket.write(
    `${method} ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
      `X-Language: ${options.language ?? 'es'}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 900000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  socket.write(sampleFiles.pdf(64 * 1024));
  if (options.dripMs) {
    const drip = setInterval(() => socket.writable && socket.write(' '), options.dripMs);
    socket.once('close', () => clearInterval(drip));
  }
  return { socket, answer };
}

/** Waits until `check` holds (the server closes files asynchronously), up to two seconds. */
async function eventually(check: () => boolean) {
  for (let waited = 0; !check() && waited < 2_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('HTTP timeouts', () => {
  it('answers 408 in the envelope to an upload that stops arriving, on every upload endpoint', async () => {
    for (const upload of UPLOADS) {
      const { answer } = await stalledUpload(upload, { language: 'en' });
      const { text, afterMs } = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(text).toContain('Connection: close');
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
        error: {
          code: 'REQUEST_TIMEOUT',
          message: 'The request took too long to arrive. Check your connection and try again.',
        },
      });
      expect(afterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
      expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    }
  });

  it('answers 408 to a request that keeps dripping past the request timeout', async () => {
    const { answer } = await stalledUpload(UPLOADS[0], { dripMs: BODY_TIMEOUT_MS / 3 });
    const { text, afterMs } = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"message":"La solicitud tardó demasiado en llegar.');
    expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_MS * 2);
  });

  it('leaves no partial file or open descriptor behind hung or abandoned uploads', async () => {
    // The database pool's connections are descriptors too: open them all before counting.
    await Promise.all(
      Array.from({ length: 5 }, () => ctx.db.$client.query('select pg_sleep(0.05)')),
    );
    const baseline = openFds();
    const hung = await Promise.all(
      Array.from({ length: 10 }, (_, i) => stalledUpload(UPLOADS[i % UPLOADS.length]!)),
    );
    const abandoned = await Promise.all(
      Array.from({ length: 10 }, (_, i) => stalledUpload(UPLOADS[i % UPLOADS.length]!)),
    );
    // While they are under way the files are being written.
    expect(await eventually(() => partials().length === 20)).toBe(true);
    for (const upload of abandoned) upload.socket.destroy();
    await Promise.all([...hung, ...abandoned].map((upload) => upload.answer));

    expect(await eventually(() => partials().length === 0)).toBe(true);
    expect(await eventually(() => openFds() <= baseline)).toBe(true);
  });
});

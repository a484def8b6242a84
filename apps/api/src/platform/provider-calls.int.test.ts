import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { ManualClock } from './clock';
import type { Db } from './db';
import { ProviderCalls, ProviderError, providerLatency } from './provider-calls';
import { providerFailures, providerSuccesses } from './provider-calls.tables';
import { providerJson } from './provider-http';

let db: Db;
let server: Server;
let base: string;
/** What the local provider answers next, one entry per request. */
let answers: { status: number; body: string; headers?: Record<string, string> }[] = [];
let hits = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createServer((_request, response) => {
    hits += 1;
    const answer = answers.shift() ?? { status: 200, body: '{"ok":true}' };
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await db.$client.end();
});
beforeEach(async () => {
  answers = [];
  hits = 0;
  await db.delete(providerFailures);
  await db.delete(providerSuccesses);
});

const clock = new ManualClock(new Date('2026-11-29T10:00:00Z'));
const target = { kind: 'carrier', provider: 'test_carrier', operation: 'rate' } as const;

function calls() {
  const waits: number[] = [];
  const providerCalls = new ProviderCalls({
    db,
    clock,
    // A wait moves the clock, so each failure has its own time.
    sleep: async (ms) => {
      waits.push(ms);
      clock.advance(ms);
    },
  });
  const get = (retries: number, timeoutMs?: number) =>
    providerCalls.run(
      target,
      (signal) =>
        providerJson<{ ok: boolean }>(
          'test_carrier',
          `${base}/rates`,
          { signal, now: clock.now() },
          (body) => {
            const error = (body as { error?: { code: string; message: string } }).error;
            return error ? { code: error.code, message: error.message } : {};
          },
        ),
      { retries, ...(timeoutMs ? { timeoutMs } : {}) },
    );
  return { providerCalls, waits, get };
}

describe('provider calls', () => {
  it('retries a rate-limited call after the Retry-After the provider gave, then succeeds', async () => {
    answers = [
      { status: 429, body: '{}', headers: { 'retry-after': '3' } },
      { status: 503, body: '{"error":{"code":"DOWN","message":"maintenance"}}' },
    ];
    const { get, waits, providerCalls } = calls();
    expect(await get(2)).toEqual({ ok: true });
    expect(hits).toBe(3);
    // The provider's own wait first, then the backoff's second step.
    expect(waits).toEqual([3000, 1000]);
    const failures = await providerCalls.failures();
    expect(failures.map((row) => [row.code, row.httpStatus, row.providerCode])).toEqual([
      ['unavailable', 503, 'DOWN'],
      ['rate_limited', 429, null],
    ]);
  });

  it('does not retry a rejection and keeps the provider message for staff, without secrets', async () => {
    answers = [
      {
        status: 400,
        body: JSON.stringify({
          error: { code: 'ZIP', message: 'bad zip for Bearer abc.def and key sk_live_123xyz' },
        }),
      },
    ];
    const { get, waits, providerCalls } = calls();
    const failed = await get(3).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ProviderError);
    expect(failed).toMatchObject({
      code: 'rejected',
      details: { status: 400, providerCode: 'ZIP' },
    });
    expect(hits).toBe(1);
    expect(waits).toEqual([]);
    const [row] = await providerCalls.failures();
    expect(row?.message).toBe('bad zip for [redacted] and key [redacted]');
  });

  it('fails an answer that is not JSON as malformed, and a silent provider as timeout', async () => {
    answers = [{ status: 200, body: '<html>oops</html>' }];
    await expect(calls().get(0)).rejects.toMatchObject({ code: 'malformed' });
    const { providerCalls } = calls();
    const silent = providerCalls.run(
      target,
      (signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
      { timeoutMs: 20 },
    );
    await expect(silent).rejects.toMatchObject({ code: 'timeout' });
  });

  it('measures each call by outcome', async () => {
    const before = await providerLatency.get();
    const count = (values: typeof before.values, outcome: string) =>
      values.find(
        (value) =>
          value.metricName === 'despacho_provider_call_duration_seconds_count' &&
          value.labels.provider === 'test_carrier' &&
          value.labels.outcome === outcome,
      )?.value ?? 0;
    answers = [{ status: 500, body: '{}' }];
    await calls().get(1);
    const after = await providerLatency.get();
    expect(count(after.values, 'ok') - count(before.values, 'ok')).toBe(1);
    expect(count(after.values, 'unavailable') - count(before.values, 'unavailable')).toBe(1);
  });

  it('forgets failures after 30 days', async () => {
    const { providerCalls } = calls();
    answers = [{ status: 400, body: '{}' }];
    await calls()
      .get(0)
      .catch(() => undefined);
    clock.advance(31 * 24 * 3_600_000);
    await providerCalls.pruneJob();
    expect(await providerCalls.failures()).toEqual([]);
  });

  it('pages and filters failures for staff, and tells each provider’s last success from its last failure', async () => {
    const { providerCalls } = calls();
    const fail = (kind: 'sms' | 'carrier', provider: string) =>
      providerCalls
        .run({ kind, provider, operation: 'send' }, () =>
          Promise.reject(new ProviderError(provider, 'unavailable', `${provider} down`)),
        )
        .catch(() => undefined);
    const succeed = (provider: string) =>
      providerCalls.run({ kind: 'sms', provider, operation: 'send' }, async () => 'ok');
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);
    const start = at(0);

    await succeed('twilio');
    for (let index = 0; index < 3; index += 1) {
      clock.advance(1000);
      await fail('sms', 'twilio');
    }
    await fail('carrier', 'fedex');
    expect(await providerCalls.countFailures()).toBe(4);
    expect(await providerCalls.countFailures({ kind: 'sms', provider: 'twilio' })).toBe(3);
    const page = await providerCalls.failures({ provider: 'twilio', page: 2, pageSize: 2 });
    expect(page.map((row) => row.occurredAt)).toEqual([new Date(start.getTime() + 1000)]);

    const outcomes = await providerCalls.outcomes();
    expect(outcomes.find((row) => row.provider === 'twilio')).toEqual({
      kind: 'sms',
      provider: 'twilio',
      lastSuccessAt: start,
      lastFailureAt: new Date(start.getTime() + 3000),
    });
    expect(outcomes.find((row) => row.provider === 'fedex')?.lastSuccessAt).toBeNull();

    // After a failure the next success is written at once; then at most once a minute.
    clock.advance(1000);
    const recovered = at(0);
    await succeed('twilio');
    clock.advance(10_000);
    await succeed('twilio');
    const [row] = await db.select().from(providerSuccesses);
    expect(row?.lastSuccessAt).toEqual(recovered);
  });
});

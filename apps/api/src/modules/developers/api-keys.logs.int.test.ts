import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestDatabase, testConfig } from '../../../test/test-app';
import { callAs, createTestMerchant } from '../../../test/users';
import { ManualClock } from '../../platform/clock';
import { callWithKey, createKey, makeOwner } from './api-keys.test-support';

describe('API key secrets in the logs', () => {
  const lines: string[] = [];
  let ctx: {
    app: Awaited<ReturnType<typeof buildApp>>;
    db: Awaited<ReturnType<typeof createTestDatabase>>;
    clock: ManualClock;
  };

  beforeAll(async () => {
    const db = await createTestDatabase();
    const clock = new ManualClock(new Date('2026-03-02T16:00:00Z'));
    const config = testConfig({ LOG_LEVEL: 'trace', API_KEY_RATE_LIMIT: 2 });
    const app = await buildApp({
      config,
      db,
      clock,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    ctx = { app, db, clock };
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.db.$client.end();
  });

  it('never writes a secret, while every line of a key’s call names the key', async () => {
    const { user } = await createTestMerchant(ctx);
    await makeOwner(ctx, user);
    const { key, secret } = await createKey(ctx, user);
    const rotated = await callAs(ctx.app, user, 'POST', `/developers/api-keys/${key.id}/rotate`);
    const fresh = (rotated.json().data as { secret: string }).secret;
    const before = lines.length;
    await callWithKey(ctx.app, secret, 'GET', '/vendors');
    await callWithKey(ctx.app, fresh, 'GET', '/vendors');
    // Over the limit, mistyped, revoked: the failures are logged too.
    await callWithKey(ctx.app, fresh, 'GET', '/vendors');
    await callWithKey(ctx.app, `${secret}x`, 'GET', '/vendors');
    await callAs(ctx.app, user, 'POST', `/developers/api-keys/${key.id}/revoke`);
    await callWithKey(ctx.app, secret, 'GET', '/vendors');

    const logged = lines.join('\n');
    expect(lines.length).toBeGreaterThan(before);
    for (const value of [secret, fresh]) {
      expect(logged).not.toContain(value.slice(key.prefix.length));
    }
    const keyCalls = lines
      .slice(before)
      .map(
        (line) =>
          JSON.parse(line) as { apiKeyId?: string; msg: string; res?: { statusCode: number } },
      )
      .filter((entry) => entry.msg === 'request completed' && entry.res?.statusCode !== 401);
    expect(keyCalls.length).toBeGreaterThanOrEqual(3);
    expect(
      keyCalls.every((entry) => entry.apiKeyId === key.id || entry.apiKeyId === undefined),
    ).toBe(true);
    expect(keyCalls.filter((entry) => entry.apiKeyId === key.id).length).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant } from '../../../test/users';
import { callWithKey, createKey, makeOwner } from './api-keys.test-support';

describe('API key secrets in the logs', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'trace', API_KEY_RATE_LIMIT: 2 });
  });
  afterAll(() => ctx.close());

  it('never writes a secret, while every line of a key’s call names the key', async () => {
    const { user } = await createTestMerchant(ctx);
    await makeOwner(ctx, user);
    const { key, secret } = await createKey(ctx, user);
    const rotated = await callAs(ctx.app, user, 'POST', `/developers/api-keys/${key.id}/rotate`);
    const fresh = (rotated.json().data as { secret: string }).secret;
    const before = ctx.logs.length;
    await callWithKey(ctx.app, secret, 'GET', '/vendors');
    await callWithKey(ctx.app, fresh, 'GET', '/vendors');
    // Over the limit, mistyped, revoked: the failures are logged too.
    await callWithKey(ctx.app, fresh, 'GET', '/vendors');
    await callWithKey(ctx.app, `${secret}x`, 'GET', '/vendors');
    await callAs(ctx.app, user, 'POST', `/developers/api-keys/${key.id}/revoke`);
    await callWithKey(ctx.app, secret, 'GET', '/vendors');

    const logged = ctx.logs.join('\n');
    expect(ctx.logs.length).toBeGreaterThan(before);
    for (const value of [secret, fresh]) {
      expect(logged).not.toContain(value.slice(key.prefix.length));
    }
    const keyCalls = ctx.logs
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

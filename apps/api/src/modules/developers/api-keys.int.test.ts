import * as domain from '@despacho/domain';
import {
  hasPermission,
  type Contract,
  type ModuleKey,
  type PermissionKey,
  type RouteAccess,
} from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, loadOperations, routeUrl, sampleOf } from '../../../test/openapi';
import { createTestApp } from '../../../test/test-app';
import { vendorBody } from '../../../test/tenant-records';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { expectError } from '../auth/test-support';
import { API_KEY_CALLS_KEPT_DAYS, pruneApiKeyCalls } from './api-keys.calls';
import { allScopes, callWithKey, createKey, makeOwner } from './api-keys.test-support';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  ctx = await createTestApp({ API_KEY_RATE_LIMIT: 100_000 });
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  organizationId = merchant.organization.id;
  await makeOwner(ctx, owner);
});
afterAll(() => ctx.close());

describe('managing keys', () => {
  it('answers the secret once, in the dsp_ shape with a valid checksum, and never again', async () => {
    const { key, secret } = await createKey(ctx, owner, {
      name: 'ERP',
      mode: 'test',
      scopes: [{ permission: 'settings.vendors', access: 'read' }],
      allowed_ips: ['127.0.0.1', '203.0.113.0/24'],
      expires_at: '2026-04-01T00:00:00Z',
    });
    expect(domain.parseApiKey(secret)).toEqual({ mode: 'test' });
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({
      mode: 'test',
      status: 'active',
      allowed_ips: ['127.0.0.1', '203.0.113.0/24'],
      expires_at: '2026-04-01T00:00:00.000Z',
      created_by: { id: owner.id, name: 'Ana' },
      last_used_at: null,
    });
    const list = await callAs(ctx.app, owner, 'GET', '/developers/api-keys');
    const one = await callAs(ctx.app, owner, 'GET', `/developers/api-keys/${key.id}`);
    const revoked = await callAs(ctx.app, owner, 'POST', `/developers/api-keys/${key.id}/revoke`);
    for (const response of [list, one, revoked]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(secret.slice(key.prefix.length));
    }
    const { rows } = await ctx.db.$client.query(
      `select s.*, k.* from api_key_secrets s join api_keys k on k.id = s.key_id`,
    );
    expect(JSON.stringify(rows)).not.toContain(secret.slice(key.prefix.length));
  });

  it('lets only owners and administrators manage keys, and no key at all', async () => {
    const member = await createTestUser(ctx, {
      organizationId,
      permissions: ['settings.my_company'],
    });
    const body = { name: 'X', mode: 'live', scopes: allScopes() };
    expectError(
      await callAs(ctx.app, member, 'POST', '/developers/api-keys', body),
      403,
      'API_KEY_MANAGERS_ONLY',
    );
    expectError(
      await callAs(ctx.app, member, 'GET', '/developers/api-keys'),
      403,
      'API_KEY_MANAGERS_ONLY',
    );
    const { secret } = await createKey(ctx, owner);
    expectError(
      await callWithKey(ctx.app, secret, 'POST', '/developers/api-keys', { payload: body }),
      403,
      'API_KEY_SESSION_ONLY',
    );
  });

  it('refuses an expiry in the past and an entry that is no address', async () => {
    const past = await callAs(ctx.app, owner, 'POST', '/developers/api-keys', {
      name: 'X',
      mode: 'live',
      scopes: allScopes(),
      expires_at: '2026-03-01T00:00:00Z',
    });
    expectError(past, 422, 'API_KEY_EXPIRY_PAST');
    const badIp = await callAs(ctx.app, owner, 'POST', '/developers/api-keys', {
      name: 'X',
      mode: 'live',
      scopes: allScopes(),
      allowed_ips: ['10.0.0.0/33'],
    });
    expectError(badIp, 400, 'VALIDATION_FAILED');
  });
});

describe('calling with a key', () => {
  it("lets any of its keys read the balance and the enabled carriers, never a person's chat", async () => {
    // An integration checks both before it buys, whatever the key's scopes.
    const read = await createKey(ctx, owner, {
      scopes: [{ permission: 'settings.vendors', access: 'read' }],
    });
    for (const path of ['/wallet/balance', '/carriers/enabled']) {
      const answer = await callWithKey(ctx.app, read.secret, 'GET', path);
      expect(answer.statusCode, `${path}: ${answer.body}`).toBe(200);
    }
    for (const [method, path] of [
      ['GET', '/support/conversation'],
      ['POST', '/support/conversation/messages'],
    ] as const) {
      expectError(
        await callWithKey(ctx.app, read.secret, method, path, { payload: { text: 'Hola' } }),
        403,
        'API_KEY_SESSION_ONLY',
      );
    }
  });

  it('reads with a read scope, writes only with a write scope, in its organization only', async () => {
    const read = await createKey(ctx, owner, {
      scopes: [{ permission: 'settings.vendors', access: 'read' }],
    });
    const write = await createKey(ctx, owner, {
      scopes: [{ permission: 'settings.vendors', access: 'write' }],
    });
    expect((await callWithKey(ctx.app, read.secret, 'GET', '/vendors')).statusCode).toBe(200);
    expectError(
      await callWithKey(ctx.app, read.secret, 'POST', '/vendors', { payload: vendorBody }),
      403,
      'API_KEY_SCOPE_MISSING',
    );
    const created = await callWithKey(ctx.app, write.secret, 'POST', '/vendors', {
      payload: vendorBody,
    });
    expect(created.statusCode, created.body).toBe(201);
    expectError(
      await callWithKey(ctx.app, read.secret, 'GET', '/packages'),
      403,
      'API_KEY_SCOPE_MISSING',
    );

    // Another organization's key, with every scope, does not find this organization's vendor.
    const other = await createTestMerchant(ctx, 'Otra Tienda');
    await makeOwner(ctx, other.user);
    const foreign = await createKey(ctx, other.user);
    const vendorId = (created.json().data as { id: string }).id;
    expectError(
      await callWithKey(ctx.app, foreign.secret, 'GET', `/vendors/${vendorId}`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callWithKey(ctx.app, foreign.secret, 'DELETE', `/vendors/${vendorId}`),
      404,
      'NOT_FOUND',
    );
    expect(
      (await callWithKey(ctx.app, read.secret, 'GET', `/vendors/${vendorId}`)).statusCode,
    ).toBe(200);

    // Each call is on record with the key as its actor: the route's pattern, never its values.
    const { rows } = await ctx.db.$client.query(
      `select organization_id, method, route, status from api_key_calls where key_id = $1 order by id`,
      [read.key.id],
    );
    expect(rows).toEqual([
      { organization_id: organizationId, method: 'GET', route: '/api/v1/vendors', status: 200 },
      { organization_id: organizationId, method: 'POST', route: '/api/v1/vendors', status: 403 },
      { organization_id: organizationId, method: 'GET', route: '/api/v1/packages', status: 403 },
      { organization_id: organizationId, method: 'GET', route: '/api/v1/vendors/:id', status: 200 },
    ]);
    ctx.clock.advance((API_KEY_CALLS_KEPT_DAYS + 1) * 86_400_000);
    await callWithKey(ctx.app, write.secret, 'GET', '/vendors');
    await pruneApiKeyCalls(ctx.clock)(ctx.db, {}, {} as never);
    ctx.clock.advance(-(API_KEY_CALLS_KEPT_DAYS + 1) * 86_400_000);
    const kept = await ctx.db.$client.query(`select key_id from api_key_calls`);
    expect(kept.rows).toEqual([{ key_id: write.key.id }]);
  });

  it('refuses a made-up, mistyped, revoked or expired key at once', async () => {
    const { key, secret } = await createKey(ctx, owner, { expires_at: '2026-03-02T17:00:00Z' });
    expect((await callWithKey(ctx.app, secret, 'GET', '/vendors')).statusCode).toBe(200);
    const typo = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expectError(await callWithKey(ctx.app, typo, 'GET', '/vendors'), 401, 'API_KEY_INVALID');
    const forged = `dsp_live_${'A'.repeat(30)}${domain.apiKeyChecksum('A'.repeat(30))}`;
    expectError(await callWithKey(ctx.app, forged, 'GET', '/vendors'), 401, 'API_KEY_INVALID');

    ctx.clock.advance(3_600_000);
    expectError(await callWithKey(ctx.app, secret, 'GET', '/vendors'), 401, 'API_KEY_INVALID');
    ctx.clock.advance(-3_600_000);
    expect((await callWithKey(ctx.app, secret, 'GET', '/vendors')).statusCode).toBe(200);
    await callAs(ctx.app, owner, 'POST', `/developers/api-keys/${key.id}/revoke`);
    expectError(await callWithKey(ctx.app, secret, 'GET', '/vendors'), 401, 'API_KEY_INVALID');
    const rotate = await callAs(ctx.app, owner, 'POST', `/developers/api-keys/${key.id}/rotate`);
    expectError(rotate, 409, 'API_KEY_REVOKED');
  });

  it('keeps the rotated secret working for 24 hours beside the new one', async () => {
    const { key, secret: old } = await createKey(ctx, owner);
    const rotated = await callAs(ctx.app, owner, 'POST', `/developers/api-keys/${key.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { key: view, secret: fresh } = rotated.json().data as domain.ApiKeySecret;
    expect(fresh).not.toBe(old);
    expect(view.prefix).not.toBe(key.prefix);
    expect(view.previous_secret_valid_until).toBe('2026-03-03T16:00:00.000Z');
    expect((await callWithKey(ctx.app, old, 'GET', '/vendors')).statusCode).toBe(200);
    expect((await callWithKey(ctx.app, fresh, 'GET', '/vendors')).statusCode).toBe(200);
    ctx.clock.advance(24 * 3_600_000);
    expectError(await callWithKey(ctx.app, old, 'GET', '/vendors'), 401, 'API_KEY_INVALID');
    expect((await callWithKey(ctx.app, fresh, 'GET', '/vendors')).statusCode).toBe(200);
    ctx.clock.advance(-24 * 3_600_000);
  });

  it('is used only from its allow-list, and records its last use at most once a minute', async () => {
    const { key, secret } = await createKey(ctx, owner, { allowed_ips: ['203.0.113.0/24'] });
    expectError(
      await callWithKey(ctx.app, secret, 'GET', '/vendors'),
      403,
      'API_KEY_IP_NOT_ALLOWED',
    );
    const get = () => callAs(ctx.app, owner, 'GET', `/developers/api-keys/${key.id}`);
    expect((await get()).json().data.last_used_at).toBeNull();
    const from = { remoteAddress: '203.0.113.9' };
    expect((await callWithKey(ctx.app, secret, 'GET', '/vendors', from)).statusCode).toBe(200);
    const first = (await get()).json().data;
    expect(first).toMatchObject({
      last_used_at: '2026-03-02T16:00:00.000Z',
      last_used_ip: '203.0.113.9',
    });
    ctx.clock.advance(30_000);
    await callWithKey(ctx.app, secret, 'GET', '/vendors', { remoteAddress: '203.0.113.10' });
    expect((await get()).json().data.last_used_ip).toBe('203.0.113.9');
    ctx.clock.advance(30_000);
    await callWithKey(ctx.app, secret, 'GET', '/vendors', { remoteAddress: '203.0.113.10' });
    expect((await get()).json().data).toMatchObject({
      last_used_at: '2026-03-02T16:01:00.000Z',
      last_used_ip: '203.0.113.10',
    });
    ctx.clock.advance(-60_000);
  });
});

/** The operations a key must never open, whatever its scopes. */
function routesDeclaring(flag: 'sessionOnly' | 'anyKey'): Set<string> {
  const contracts = Object.entries(domain)
    .filter(([name]) => name.endsWith('Contract'))
    .map(([, contract]) => contract as Contract);
  return new Set(
    contracts.flatMap((contract) =>
      Object.values(contract)
        .filter((operation) => operation[flag])
        .map((operation) => `${operation.method} /api/v1${operation.path}`),
    ),
  );
}

const PERSON_ACCESS: readonly RouteAccess[] = ['signed-in', 'staff', 'organization'];

describe('every operation of the OpenAPI document, called with a key', () => {
  it('refuses a key without the scope (403), and lets one with it through', async () => {
    const operations = await loadOperations(ctx.app);
    const access = new Map(
      ctx.app.declaredRoutes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    const sessionOnly = routesDeclaring('sessionOnly');
    const anyKey = routesDeclaring('anyKey');
    const everything = await createKey(ctx, owner);
    const readOnly = await createKey(ctx, owner, { scopes: allScopes('read') });
    const withoutScope = new Map<string, string>();
    const wrong: string[] = [];
    let checked = 0;
    for (const operation of operations) {
      const route = `${operation.method} ${routeUrl(operation)}`;
      const declared = access.get(route);
      if (declared === 'public' || declared === undefined) continue;
      const call = (secret: string) =>
        ctx.app.inject({
          method: operation.method,
          url: fillPath(operation, () => '00000000-0000-4000-8000-000000000000'),
          headers: { authorization: `Bearer ${secret}`, 'x-language': 'en' },
          ...(operation.body ? { payload: sampleOf(operation.body) as object } : {}),
        });
      const codeOf = (response: Awaited<ReturnType<typeof call>>) => {
        const json = response.headers['content-type']?.startsWith('application/json');
        const body = json ? (response.json() as { error?: { code: string } }) : {};
        return `${response.statusCode} ${body.error?.code ?? ''}`;
      };
      if (anyKey.has(route)) {
        // Any of the organization's keys may read it, even one scoped to something else.
        const answer = codeOf(await call(readOnly.secret));
        if (answer !== '200 ') wrong.push(`${route} any key: ${answer}`);
        continue;
      }
      if (PERSON_ACCESS.includes(declared as RouteAccess) || sessionOnly.has(route)) {
        const answer = codeOf(await call(everything.secret));
        if (answer !== '403 API_KEY_SESSION_ONLY') wrong.push(`${route}: ${answer}`);
        continue;
      }
      // A key holding every permission but those that open this operation.
      const opens = (typeof declared === 'string' ? [declared] : declared) as (
        PermissionKey | ModuleKey
      )[];
      const scopes = allScopes().filter(
        ({ permission }) => !opens.some((key) => hasPermission([permission], key)),
      );
      const label = JSON.stringify(opens);
      if (!withoutScope.has(label)) {
        withoutScope.set(label, (await createKey(ctx, owner, { scopes })).secret);
      }
      const refused = codeOf(await call(withoutScope.get(label)!));
      if (refused !== '403 API_KEY_SCOPE_MISSING') wrong.push(`${route} without scope: ${refused}`);
      if (operation.method !== 'GET') {
        const reading = codeOf(await call(readOnly.secret));
        if (reading !== '403 API_KEY_SCOPE_MISSING') wrong.push(`${route} read-only: ${reading}`);
      }
      const passed = codeOf(await call(everything.secret));
      if (/^(401|403|5\d\d) /.test(passed)) wrong.push(`${route} with scope: ${passed}`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 300_000);
});

describe('the per-key rate limit', () => {
  it('answers 429 with Retry-After past the limit, counting each key apart', async () => {
    const limited = await createTestApp({ API_KEY_RATE_LIMIT: 3 });
    try {
      const merchant = await createTestMerchant(limited);
      await makeOwner(limited, merchant.user);
      const first = await createKey(limited, merchant.user);
      const second = await createKey(limited, merchant.user);
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await callWithKey(limited.app, first.secret, 'GET', '/vendors'));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers[0]!.headers).toMatchObject({
        'ratelimit-limit': '3',
        'ratelimit-remaining': '2',
        'ratelimit-reset': '60',
      });
      expectError(answers[3]!, 429, 'RATE_LIMITED');
      expect(answers[3]!.headers).toMatchObject({
        'retry-after': '60',
        'ratelimit-remaining': '0',
      });
      expect((await callWithKey(limited.app, second.secret, 'GET', '/vendors')).statusCode).toBe(
        200,
      );
      limited.clock.advance(60_000);
      expect((await callWithKey(limited.app, first.secret, 'GET', '/vendors')).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});

import { ALL_PERMISSIONS, MODULE_KEYS } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createTestMerchant, createTestUser } from '../../test/users';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('route access', () => {
  it('every API route declares who may call it: public, signed-in, staff or a menu permission', () => {
    const known = new Set<string>([
      'public',
      'signed-in',
      'organization',
      'staff',
      ...MODULE_KEYS,
      ...ALL_PERMISSIONS,
    ]);
    expect(ctx.app.declaredRoutes.length).toBeGreaterThan(20);
    const undeclared = ctx.app.declaredRoutes.filter(
      (route) =>
        !route.access ||
        (typeof route.access === 'string'
          ? !known.has(route.access)
          : route.access.length === 0 || route.access.some((key) => !known.has(key))),
    );
    expect(undeclared).toEqual([]);
  });

  it('ends a sign-in at the next call once the user is deactivated or the sign-in revoked', async () => {
    const { user } = await createTestMerchant(ctx);
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers() });
    expect((await me()).statusCode).toBe(200);

    await ctx.db.execute(
      `update refresh_tokens set revoked_at = now() where user_id = '${user.id}'`,
    );
    const revoked = await me();
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('reads permissions fresh: a role change applies to the next call', async () => {
    const { organization } = await createTestMerchant(ctx);
    const user = await createTestUser(ctx, {
      organizationId: organization.id,
      permissions: ['dashboard'],
    });
    const summary = () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: user.headers() });
    expect((await summary()).statusCode).toBe(200);
    await ctx.db.execute(
      `update roles set permissions = '{shipments.pickup}' where id = (select role_id from users where id = '${user.id}')`,
    );
    expect((await summary()).statusCode).toBe(403);
  });
});

describe('access by any of several permissions', () => {
  it('lets a shipping-only user read the locations, customers and packages create shipment picks from, never change them', async () => {
    const { organization } = await createTestMerchant(ctx);
    const shipper = await createTestUser(ctx, {
      organizationId: organization.id,
      permissions: ['shipments.create_shipment'],
    });
    const quoter = await createTestUser(ctx, {
      organizationId: organization.id,
      permissions: ['shipments.quick_quote'],
    });
    const call = (user: typeof shipper, method: 'GET' | 'POST', url: string) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: user.headers(), payload: {} });
    for (const url of ['/locations', '/customers', '/packages']) {
      expect((await call(shipper, 'GET', url)).statusCode).toBe(200);
      expect((await call(shipper, 'POST', url)).statusCode).toBe(403);
    }
    // The quick quote offers saved packages and origin zips, not customers.
    expect((await call(quoter, 'GET', '/packages')).statusCode).toBe(200);
    expect((await call(quoter, 'GET', '/locations')).statusCode).toBe(200);
    expect((await call(quoter, 'GET', '/customers')).statusCode).toBe(403);
  });
});

describe('the short caller cache', () => {
  it('reuses a check between writes, and any completed write makes the next call read afresh', async () => {
    const cached = await createTestApp({ CALLER_CACHE_MS: 60_000 });
    try {
      const { user } = await createTestMerchant(cached);
      const me = () =>
        cached.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers() });
      expect((await me()).statusCode).toBe(200);

      await cached.db.execute(`update users set status = 'inactive' where id = '${user.id}'`);
      // Changed behind the API's back: the kept check still answers until a write clears it.
      expect((await me()).statusCode).toBe(200);

      const write = await cached.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        payload: {},
      });
      expect(write.statusCode).toBe(200);
      expect((await me()).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });

  it('is cleared in every API process on the database by a write to any of them', async () => {
    const first = await createTestApp({ CALLER_CACHE_MS: 60_000 });
    const url = first.db.$client.options.connectionString!;
    const second = await createTestApp({ CALLER_CACHE_MS: 60_000 }, url);
    try {
      const { user } = await createTestMerchant(first);
      const meOnSecond = () =>
        second.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers() });
      expect((await meOnSecond()).statusCode).toBe(200);
      await first.db.execute(`update users set status = 'inactive' where id = '${user.id}'`);
      expect((await meOnSecond()).statusCode).toBe(200);

      const write = await first.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        payload: {},
      });
      expect(write.statusCode).toBe(200);
      // The word travels through PostgreSQL; well within the minute the second process would
      // otherwise keep its check.
      const deadline = Date.now() + 5_000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) status = (await meOnSecond()).statusCode;
      expect(status).toBe(401);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

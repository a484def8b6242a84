import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../../test/users';
import { fakePlatforms, MemoryOrderSink } from './stores.test-support';
import { stores } from './stores.tables';

// Two API processes (two pools, two services) on one database, one platform between them.
describe('token refresh across processes', () => {
  let first: Awaited<ReturnType<typeof createTestApp>>;
  let second: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let storeId: string;
  const { fakes, adapters } = fakePlatforms({ now: () => first.clock.now() });
  const seller = fakes.mercadolibre;
  const key = { STORES_ENCRYPTION_KEY: randomBytes(32).toString('base64') };

  const advance = (ms: number) => {
    first.clock.advance(ms);
    second.clock.advance(ms);
  };

  beforeAll(async () => {
    first = await createTestApp(key, undefined, { storeAdapters: adapters });
    second = await createTestApp(key, first.db.$client.options.connectionString, {
      storeAdapters: adapters,
    });
    first.app.services.stores.deliverOrdersTo(new MemoryOrderSink());
    second.app.services.stores.deliverOrdersTo(new MemoryOrderSink());
    ({ user: owner } = await createTestMerchant(first));
    seller.addShop('1234567', 'Vendedor ML');
    seller.upsertOrder('1234567', { externalId: '2000001' });

    const started = await callAs(first.app, owner, 'POST', '/stores', { platform: 'mercadolibre' });
    const state = new URL(started.json().data.authorize_url).searchParams.get('state')!;
    const done = await callAs(first.app, owner, 'POST', '/stores/authorizations', {
      platform: 'mercadolibre',
      query: seller.consent('1234567', state),
    });
    expect(done.statusCode).toBe(200);
    storeId = done.json().data.id;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('spends a single-use refresh token once when two processes need fresh credentials at once', async () => {
    const [before] = await first.db.select().from(stores).where(eq(stores.id, storeId));
    expect(before!.credentialsExpireAt).not.toBeNull();
    // Past the 6-hour access token: both processes must refresh before calling.
    advance(6 * 60 * 60 * 1000 + 1000);
    seller.refreshLatencyMs = 50;
    seller.refreshCalls = 0;

    await Promise.all([
      first.app.services.storeSync.reconcile(storeId),
      second.app.services.storeSync.reconcile(storeId),
    ]);
    expect(seller.refreshCalls).toBe(1);

    const [after] = await first.db.select().from(stores).where(eq(stores.id, storeId));
    expect(after).toMatchObject({ health: 'ok' });
    expect(after!.credentialsExpireAt!.getTime()).toBeGreaterThan(first.clock.now().getTime());
    expect(after!.credentials).not.toBe(before!.credentials);

    // The next expiry is refreshed again, once, with the token the first refresh issued.
    advance(6 * 60 * 60 * 1000 + 1000);
    await Promise.all([
      second.app.services.storeSync.reconcile(storeId),
      first.app.services.storeSync.reconcile(storeId),
    ]);
    expect(seller.refreshCalls).toBe(2);
  });

  it('marks the store auth_failed when the platform refuses the refresh token', async () => {
    seller.shop('1234567').refreshTokens.clear();
    advance(6 * 60 * 60 * 1000 + 1000);
    await expect(first.app.services.storeSync.reconcile(storeId)).rejects.toMatchObject({
      kind: 'auth',
    });
    const [row] = await first.db.select().from(stores).where(eq(stores.id, storeId));
    expect(row!.health).toBe('auth_failed');
    // The job ends there rather than retrying a refusal.
    await first.app.services.stores.sync(row!.organizationId, storeId);
    expect((await first.app.jobs.runDue(first.clock.now())).failed).toBe(0);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestMerchant,
  createTestUser,
  signIn,
  type TestUser,
} from '../../../test/users';
import { jobs } from '../../platform/jobs.store';
import { notifications } from '../notifications/notifications.tables';
import { fakePlatforms, MemoryOrderSink } from './stores.test-support';
import { STORE_JOBS } from './stores.service';
import { stores, storeWebhookEvents } from './stores.tables';

describe('stores', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;
  const sink = new MemoryOrderSink();
  const { fakes, adapters } = fakePlatforms({ now: () => ctx.clock.now() });
  const logged: string[] = [];

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const runJobs = () => ctx.app.jobs.runDue(ctx.clock.now(), 1000);

  /** Connects a Shopify-like store through its consent screen, as the browser would. */
  async function connectShop(user: TestUser, shop: string) {
    if (!fakes.shopify.shops.has(shop)) fakes.shopify.addShop(shop);
    const started = await call(user, 'POST', '/stores', { platform: 'shopify', shop_domain: shop });
    expect(started.statusCode).toBe(200);
    const state = new URL(started.json().data.authorize_url).searchParams.get('state')!;
    const query = fakes.shopify.consent(shop, state);
    const done = await call(user, 'POST', '/stores/authorizations', { platform: 'shopify', query });
    expect(done.statusCode).toBe(200);
    return done.json().data as { id: string; health: string };
  }

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'debug' }, undefined, { storeAdapters: adapters });
    ctx.app.services.stores.deliverOrdersTo(sink);
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
      const original = ctx.app.log[level].bind(ctx.app.log);
      ctx.app.log[level] = ((...args: unknown[]) => {
        // Fastify's request lines pass whole requests, written through the serializers
        // (method, redacted url, ip: logger.ts); every other line is written as given.
        const [first] = args as [Record<string, unknown> | undefined];
        if (!(first && typeof first === 'object' && ('req' in first || 'res' in first))) {
          logged.push(JSON.stringify(args));
        }
        return (original as (...a: unknown[]) => void)(...args);
      }) as typeof original;
    }
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());
  // Tests move the clock past the access tokens' life: each starts with a fresh sign-in.
  beforeEach(async () => {
    owner = await signIn(ctx, owner);
    other = await signIn(ctx, other);
  });

  it('connects through the consent screen with a state of the form <platform>.<nonce>, and backfills the open orders with progress', async () => {
    const shop = fakes.shopify.addShop('primera.myshopify.com', 'Primera');
    for (const id of ['1', '2', '3'])
      fakes.shopify.upsertOrder('primera.myshopify.com', { externalId: id });
    fakes.shopify.upsertOrder('primera.myshopify.com', { externalId: '4', cancelled: true });

    const started = await call(owner, 'POST', '/stores', {
      platform: 'shopify',
      shop_domain: 'Primera.myshopify.com',
    });
    expect(started.json().data.store).toBeNull();
    const state = new URL(started.json().data.authorize_url).searchParams.get('state')!;
    expect(state).toMatch(/^shopify\.[A-Za-z0-9_-]{43}$/);

    const query = fakes.shopify.consent('primera.myshopify.com', state);
    const done = await call(owner, 'POST', '/stores/authorizations', {
      platform: 'shopify',
      query,
    });
    expect(done.statusCode).toBe(200);
    const store = done.json().data;
    expect(store).toMatchObject({
      platform: 'shopify',
      name: 'Primera',
      external_id: 'primera.myshopify.com',
      status: 'enabled',
      health: 'ok',
      sandbox: true,
      api_version: '2026-04',
      backfill: { state: 'running', done: 0, total: null },
      orders_count: 0,
    });
    expect(shop.webhooks?.callbackUrl).toBe('http://despacho.test/api/v1/webhooks/stores/shopify');

    await runJobs();
    const read = (await call(owner, 'GET', `/stores/${store.id}`)).json().data;
    expect(read.backfill).toMatchObject({ state: 'done', done: 3, total: 3 });
    expect(read.orders_count).toBe(3);
    expect(
      sink
        .ordersOf(store.id)
        .map((order) => order.externalId)
        .sort(),
    ).toEqual(['1', '2', '3']);

    // The same consent twice, or someone else's, connects nothing.
    const replay = await call(owner, 'POST', '/stores/authorizations', {
      platform: 'shopify',
      query,
    });
    expect(replay.json().error.code).toBe('STORE_AUTHORIZATION_FAILED');
  });

  it('resumes a backfill the platform interrupted at the page it reached, counting each order once', async () => {
    fakes.shopify.addShop('larga.myshopify.com');
    for (const id of ['b1', 'b2', 'b3', 'b4', 'b5']) {
      fakes.shopify.upsertOrder('larga.myshopify.com', { externalId: id });
    }
    const listed: (string | null)[] = [];
    const adapter = adapters.shopify;
    const list = adapter.listOpenOrders.bind(adapter);
    adapter.listOpenOrders = async (credentials, page) => {
      listed.push(page);
      // The second page's first try finds the platform down.
      if (page === '2' && !listed.slice(0, -1).includes('2')) fakes.shopify.outages = 1;
      return list(credentials, page);
    };
    try {
      const store = await connectShop(owner, 'larga.myshopify.com');
      await runJobs();
      const [row] = await ctx.db.select().from(stores).where(eq(stores.id, store.id));
      expect(row).toMatchObject({ backfillState: 'running', backfillDone: 2, backfillPage: '2' });
      expect((await call(owner, 'GET', `/stores/${store.id}`)).json().data.backfill).toMatchObject({
        state: 'running',
        done: 2,
        total: 5,
      });

      ctx.clock.advance(10 * 60 * 1000);
      await runJobs();
      expect(listed).toEqual([null, '2', '2', '4']);
      expect((await call(owner, 'GET', `/stores/${store.id}`)).json().data.backfill).toMatchObject({
        state: 'done',
        done: 5,
        total: 5,
      });
      expect(sink.ordersOf(store.id)).toHaveLength(5);
    } finally {
      adapter.listOpenOrders = list;
    }
  });

  it('pushes a fulfilment to the store for the orders module, never to another organization’s or a disabled store', async () => {
    const store = await connectShop(owner, 'envios.myshopify.com');
    const push = {
      order: { externalId: '1001' },
      lines: [{ externalId: 'l1', quantity: 1 }],
      trackingNumber: 'TRK123',
      company: 'Estafeta',
      trackingUrl: null,
      idempotencyKey: 'f-1',
    };
    const service = ctx.app.services.stores;
    expect(await service.pushFulfilment(organizationId, store.id, push)).toEqual({
      externalId: 'F-1',
    });
    expect(fakes.shopify.shop('envios.myshopify.com').pushes).toEqual([push]);
    await expect(
      service.pushFulfilment(other.organizationId!, store.id, push),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Cancelling where the platform's adapter cannot: refused, for the orders module to show.
    await expect(
      service.cancelAtStore(organizationId, store.id, '1001', 'cliente'),
    ).rejects.toMatchObject({
      kind: 'refused',
    });
    await service.setStatus(organizationId, store.id, 'disabled');
    await expect(service.pushFulfilment(organizationId, store.id, push)).rejects.toMatchObject({
      code: 'STORE_DISABLED',
    });
    expect(fakes.shopify.shop('envios.myshopify.com').pushes).toHaveLength(1);
  });

  it('binds the state to the caller and the platform, and refuses a tampered callback', async () => {
    fakes.shopify.addShop('segunda.myshopify.com');
    const start = async () => {
      const started = await call(owner, 'POST', '/stores', {
        platform: 'shopify',
        shop_domain: 'segunda.myshopify.com',
      });
      return new URL(started.json().data.authorize_url).searchParams.get('state')!;
    };
    const colleague = await createTestUser(ctx, { organizationId });
    const complete = (user: TestUser, platform: string, query: Record<string, string>) =>
      call(user, 'POST', '/stores/authorizations', { platform, query });

    const forColleague = fakes.shopify.consent('segunda.myshopify.com', await start());
    expect((await complete(colleague, 'shopify', forColleague)).statusCode).toBe(400);
    const forOther = fakes.shopify.consent('segunda.myshopify.com', await start());
    expect((await complete(other, 'shopify', forOther)).statusCode).toBe(400);
    const wrongPlatform = fakes.shopify.consent('segunda.myshopify.com', await start());
    expect((await complete(owner, 'mercadolibre', wrongPlatform)).statusCode).toBe(400);
    const tampered = fakes.shopify.consent('segunda.myshopify.com', await start());
    tampered.shop = 'primera.myshopify.com';
    expect((await complete(owner, 'shopify', tampered)).json().error.code).toBe(
      'STORE_AUTHORIZATION_FAILED',
    );
    const expired = fakes.shopify.consent('segunda.myshopify.com', await start());
    ctx.clock.advance(11 * 60 * 1000);
    expect((await complete(owner, 'shopify', expired)).statusCode).toBe(400);

    const list = (await call(owner, 'GET', '/stores')).json().data as { external_id: string }[];
    expect(list.map((store) => store.external_id)).not.toContain('segunda.myshopify.com');
  });

  it('refuses a store another organization holds', async () => {
    await connectShop(owner, 'tercera.myshopify.com');
    const started = await call(other, 'POST', '/stores', {
      platform: 'shopify',
      shop_domain: 'tercera.myshopify.com',
    });
    const state = new URL(started.json().data.authorize_url).searchParams.get('state')!;
    const query = fakes.shopify.consent('tercera.myshopify.com', state);
    const answer = await call(other, 'POST', '/stores/authorizations', {
      platform: 'shopify',
      query,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('STORE_ALREADY_CONNECTED');
  });

  describe('webhooks', () => {
    let storeId: string;
    const post = (platform: string, raw: Buffer, headers: Record<string, string>, id = '') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/stores/${platform}${id ? `/${id}` : ''}`,
        payload: raw,
        headers,
      });
    const eventsOf = (id: string) =>
      ctx.db.select().from(storeWebhookEvents).where(eq(storeWebhookEvents.storeId, id));

    beforeAll(async () => {
      storeId = (await connectShop(owner, 'ganchos.myshopify.com')).id;
    });

    it('answers 401 and stores nothing when the signature is missing, wrong, or the body was changed or re-serialized', async () => {
      const order = fakes.shopify.upsertOrder('ganchos.myshopify.com', { externalId: 'w1' });
      const good = fakes.shopify.delivery('ganchos.myshopify.com', {
        event_id: 'e-401',
        topic: 'order',
        order,
      });
      const { 'x-fake-hmac': signature, ...unsigned } = good.headers;
      const tampered = Buffer.from(good.raw.toString().replace('"total":10000', '"total":1'));
      const reserialized = Buffer.from(JSON.stringify(JSON.parse(good.raw.toString()), null, 1));
      for (const [raw, headers] of [
        [good.raw, unsigned],
        [good.raw, { ...unsigned, 'x-fake-hmac': Buffer.from('x'.repeat(32)).toString('base64') }],
        [tampered, good.headers],
        [reserialized, good.headers],
      ] as const) {
        const answer = await post('shopify', raw, headers);
        expect(answer.statusCode).toBe(401);
        expect(answer.json().error.code).toBe('STORE_WEBHOOK_SIGNATURE_INVALID');
      }
      expect(signature).toBeTruthy();
      expect(await eventsOf(storeId)).toHaveLength(0);
    });

    it('stores a delivery once, answers a replay as a duplicate and applies the order once', async () => {
      // Earlier work first (a backfill lists open orders): jobs run side by side, and one that
      // met w2 before its delivery's job would make that job's result an update.
      await runJobs();
      const order = fakes.shopify.upsertOrder('ganchos.myshopify.com', { externalId: 'w2' });
      const { raw, headers } = fakes.shopify.delivery('ganchos.myshopify.com', {
        event_id: 'e-once',
        topic: 'order',
        order,
      });
      const first = await post('shopify', raw, headers);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ data: { received: true, duplicate: false } });
      const again = await post('shopify', raw, headers);
      expect(again.json()).toEqual({ data: { received: true, duplicate: true } });
      const events = await eventsOf(storeId);
      expect(events.map((event) => event.eventId)).toEqual(['e-once']);
      expect(events[0]!.payload).not.toBeNull();

      await runJobs();
      expect(sink.ordersOf(storeId).map((held) => held.externalId)).toContain('w2');
      const [processed] = await eventsOf(storeId);
      expect(processed).toMatchObject({ result: { order: 'created' }, payload: null });
      expect(processed!.processedAt).not.toBeNull();
    });

    it('converges to the newest state whatever the order of delivery', async () => {
      const older = fakes.shopify.upsertOrder('ganchos.myshopify.com', { externalId: 'w3' });
      ctx.clock.advance(1000);
      const newer = fakes.shopify.upsertOrder('ganchos.myshopify.com', {
        externalId: 'w3',
        cancelled: true,
      });
      for (const [event, order] of [
        ['e-new', newer],
        ['e-old', older],
      ] as const) {
        const delivery = fakes.shopify.delivery('ganchos.myshopify.com', {
          event_id: event,
          topic: 'order',
          order,
        });
        expect((await post('shopify', delivery.raw, delivery.headers)).statusCode).toBe(200);
        await runJobs();
      }
      expect(sink.ordersOf(storeId).find((held) => held.externalId === 'w3')?.cancelled).toBe(true);
    });

    it('never touches another organization: a store’s delivery reaches only that store, and a WooCommerce path signed with another store’s secret is refused', async () => {
      const theirs = await connectShop(other, 'ajena.myshopify.com');
      const order = fakes.shopify.upsertOrder('ganchos.myshopify.com', { externalId: 'w4' });
      const { raw, headers } = fakes.shopify.delivery('ganchos.myshopify.com', {
        event_id: 'e-mine',
        topic: 'order',
        order,
      });
      await post('shopify', raw, headers);
      await runJobs();
      expect(sink.ordersOf(theirs.id).map((held) => held.externalId)).not.toContain('w4');
      expect(await eventsOf(theirs.id)).toHaveLength(0);

      // Two WooCommerce sites, each with its own secret.
      const connectWoo = async (user: TestUser, url: string, key: string) => {
        const site = fakes.woocommerce.addShop(url);
        site.keys = { consumerKey: key, consumerSecret: `cs_${key.slice(3)}` };
        const answer = await call(user, 'POST', '/stores', {
          platform: 'woocommerce',
          url,
          consumer_key: key,
          consumer_secret: `cs_${key.slice(3)}`,
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.json().data.authorize_url).toBeNull();
        return answer.json().data.store as { id: string };
      };
      const mine = await connectWoo(owner, 'https://mia.example.mx', 'ck_mia1');
      const foreign = await connectWoo(other, 'https://ajena.example.mx', 'ck_ajena1');
      const signedByMine = fakes.woocommerce.delivery('https://mia.example.mx', {
        event_id: '1',
        topic: 'order',
        order: fakes.woocommerce.upsertOrder('https://mia.example.mx', { externalId: 'x1' }),
      });
      const refused = await post('woocommerce', signedByMine.raw, signedByMine.headers, foreign.id);
      expect(refused.statusCode).toBe(401);
      expect(await eventsOf(foreign.id)).toHaveLength(0);
      const accepted = await post('woocommerce', signedByMine.raw, signedByMine.headers, mine.id);
      expect(accepted.json().data).toEqual({ received: true, duplicate: false });
      // WooCommerce numbers deliveries per site: the other site's delivery 1 is its own.
      const theirOne = fakes.woocommerce.delivery('https://ajena.example.mx', {
        event_id: '1',
        topic: 'other',
      });
      const answer = await post('woocommerce', theirOne.raw, theirOne.headers, foreign.id);
      expect(answer.json().data).toEqual({ received: true, duplicate: false });
    });

    it('answers 200 and ignores deliveries for unknown or disconnected stores', async () => {
      const unknown = fakes.shopify.delivery('nadie.myshopify.com', {
        event_id: 'e-x',
        topic: 'ping',
      });
      const answer = await post('shopify', unknown.raw, unknown.headers);
      expect(answer.json()).toEqual({ data: { received: false, duplicate: false } });
      const noStore = await post('woocommerce', unknown.raw, unknown.headers, 'not-a-uuid');
      expect(noStore.json().data.received).toBe(false);
    });

    it('honours the compliance topics: the data export saved as a file with a notification, the erasure recorded', async () => {
      const request = fakes.shopify.delivery('ganchos.myshopify.com', {
        event_id: 'e-data',
        topic: 'customers_data_request',
        payload: { customer: { email: 'cliente@prueba.mx', phone: null }, orders_requested: [1] },
      });
      await post('shopify', request.raw, request.headers);
      const redact = fakes.shopify.delivery('ganchos.myshopify.com', {
        event_id: 'e-redact',
        topic: 'customers_redact',
        payload: { customer: { email: 'cliente@prueba.mx' }, orders_to_redact: [2] },
      });
      await post('shopify', redact.raw, redact.headers);
      await runJobs();

      const events = await eventsOf(storeId);
      const exported = events.find((event) => event.eventId === 'e-data')!;
      const fileId = (exported.result as { exportFileId: string }).exportFileId;
      const file = await ctx.app.services.files.find(organizationId, fileId);
      expect(file).toMatchObject({ kind: 'json', purpose: 'stores.customer-data-request' });
      const download = await call(owner, 'GET', `/stores/customer-data/${fileId}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain('attachment');
      expect(JSON.parse(download.body).customer.email).toBe('cliente@prueba.mx');
      expect((await call(other, 'GET', `/stores/customer-data/${fileId}`)).statusCode).toBe(404);
      expect(sink.exports.at(-1)).toEqual({
        email: 'cliente@prueba.mx',
        phone: null,
        orderExternalIds: ['1'],
      });
      const notes = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.organizationId, organizationId));
      expect(notes.find((note) => note.code === 'store_customer_data_request')?.link).toBe(
        `/app/settings/marketplaces?customer_data=${fileId}`,
      );
      const erased = events.find((event) => event.eventId === 'e-redact')!;
      expect(erased.result).toEqual({ redactedOrders: expect.any(Number) });
      expect(sink.redacted.at(-1)?.orderExternalIds).toEqual(['2']);
    });
  });

  it('reconciles after dropped deliveries: every changed order, all pages, the cursor overlapping', async () => {
    const store = await connectShop(owner, 'caidas.myshopify.com');
    await runJobs();
    ctx.clock.advance(60_000);
    // Five orders whose webhooks never arrived.
    for (const id of ['d1', 'd2', 'd3', 'd4', 'd5']) {
      fakes.shopify.upsertOrder('caidas.myshopify.com', { externalId: id });
      ctx.clock.advance(1000);
    }
    const sync = await call(owner, 'POST', `/stores/${store.id}/sync`);
    expect(sync.statusCode).toBe(202);
    await runJobs();
    expect(
      sink
        .ordersOf(store.id)
        .map((held) => held.externalId)
        .sort(),
    ).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    const [row] = await ctx.db.select().from(stores).where(eq(stores.id, store.id));
    expect(row!.syncCursor?.toISOString()).toBe(
      fakes.shopify.shop('caidas.myshopify.com').orders.get('d5')!.updatedAt,
    );
    expect(
      (await call(owner, 'GET', `/stores/${store.id}`)).json().data.last_synced_at,
    ).not.toBeNull();

    // A change saved a moment "before" the cursor (a late write at the platform) is still read.
    ctx.clock.advance(5 * 60 * 1000);
    const late = fakes.shopify.upsertOrder('caidas.myshopify.com', { externalId: 'd6' });
    late.updatedAt = new Date(row!.syncCursor!.getTime() - 60_000).toISOString();
    await ctx.app.services.storeSync.reconcile(store.id);
    expect(sink.ordersOf(store.id).map((held) => held.externalId)).toContain('d6');
  });

  it('recovers the platform’s missed notifications and re-registers webhooks a store disabled', async () => {
    const site = fakes.woocommerce.addShop('https://caida.example.mx');
    site.keys = { consumerKey: 'ck_caida', consumerSecret: 'cs_caida' };
    const connected = await call(owner, 'POST', '/stores', {
      platform: 'woocommerce',
      url: 'https://caida.example.mx',
      consumer_key: 'ck_caida',
      consumer_secret: 'cs_caida',
    });
    const store = connected.json().data.store as { id: string };
    expect(site.webhooks).toMatchObject({
      active: true,
      callbackUrl: expect.stringContaining(store.id),
    });
    site.webhooks!.active = false;
    site.missed.push({
      eventId: 'missed-1',
      storeExternalId: 'https://caida.example.mx',
      topic: 'order',
      orderExternalId: 'm1',
      order: null,
      payload: null,
    });
    fakes.woocommerce.upsertOrder('https://caida.example.mx', { externalId: 'm1' });
    await ctx.app.services.storeSync.reconcile(store.id);
    await runJobs();
    expect(site.webhooks!.active).toBe(true);
    expect(sink.ordersOf(store.id).map((held) => held.externalId)).toContain('m1');
    // Reconciling again does not record the kept notification twice.
    await ctx.app.services.storeSync.reconcile(store.id);
    const events = await ctx.db
      .select()
      .from(storeWebhookEvents)
      .where(eq(storeWebhookEvents.storeId, store.id));
    expect(events.filter((event) => event.eventId === 'missed-1')).toHaveLength(1);
  });

  it('shows "needs re-approval" when the app needs more, with the notice only for that organization, until re-authorized', async () => {
    const store = await connectShop(owner, 'permisos.myshopify.com');
    const notices = async (user: TestUser) =>
      (await call(user, 'GET', '/notifications/notices')).json().data.active as string[];
    expect(await notices(owner)).toEqual([]);

    fakes.shopify.grant = { scopes: ['read_orders', 'write_fulfillments'], apiVersion: '2026-04' };
    try {
      expect((await call(owner, 'GET', `/stores/${store.id}`)).json().data.health).toBe(
        'needs_reapproval',
      );
      expect(await notices(owner)).toEqual(['shop_policy_2025_06']);
      // An organization whose stores grant what is needed (here: none at all) sees no notice.
      const { user: storeless } = await createTestMerchant(ctx, 'Sin Tienda');
      expect(await notices(storeless)).toEqual([]);

      const again = await call(owner, 'POST', `/stores/${store.id}/reauthorize`);
      const state = new URL(again.json().data.authorize_url).searchParams.get('state')!;
      // Consenting for another shop does not re-authorize this one.
      fakes.shopify.addShop('otra.myshopify.com');
      const wrong = fakes.shopify.consent('otra.myshopify.com', state);
      expect(
        (await call(owner, 'POST', '/stores/authorizations', { platform: 'shopify', query: wrong }))
          .statusCode,
      ).toBe(400);
      const retry = await call(owner, 'POST', `/stores/${store.id}/reauthorize`);
      const retryState = new URL(retry.json().data.authorize_url).searchParams.get('state')!;
      const query = fakes.shopify.consent('permisos.myshopify.com', retryState);
      const done = await call(owner, 'POST', '/stores/authorizations', {
        platform: 'shopify',
        query,
      });
      expect(done.json().data).toMatchObject({ id: store.id, health: 'ok' });
      // The organization's other stores still grant less: the notice stays until they do.
      expect(await notices(owner)).toEqual(['shop_policy_2025_06']);
    } finally {
      fakes.shopify.grant = { scopes: ['read_orders'], apiVersion: '2026-04' };
    }
  });

  it('disables and disconnects: credentials erased, deliveries then ignored', async () => {
    const store = await connectShop(owner, 'adios.myshopify.com');
    const disabled = await call(owner, 'PATCH', `/stores/${store.id}/status`, {
      status: 'disabled',
    });
    expect(disabled.json().data.status).toBe('disabled');
    expect((await call(owner, 'POST', `/stores/${store.id}/sync`)).json().error.code).toBe(
      'STORE_DISABLED',
    );
    expect((await call(owner, 'DELETE', `/stores/${store.id}`)).statusCode).toBe(204);
    const [row] = await ctx.db.select().from(stores).where(eq(stores.id, store.id));
    expect(row).toMatchObject({ credentials: null, webhookSecret: null });
    expect((await call(owner, 'GET', `/stores/${store.id}`)).statusCode).toBe(404);
    const late = fakes.shopify.delivery('adios.myshopify.com', { event_id: 'late', topic: 'ping' });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stores/shopify',
      payload: late.raw,
      headers: late.headers,
    });
    expect(answer.json().data.received).toBe(false);
  });

  it('refuses an order delivery for a disabled store at once, and takes it again once enabled', async () => {
    const store = await connectShop(owner, 'pausa.myshopify.com');
    const order = fakes.shopify.upsertOrder('pausa.myshopify.com', { externalId: 'p1' });
    const { raw, headers } = fakes.shopify.delivery('pausa.myshopify.com', {
      event_id: 'e-pausa',
      topic: 'order',
      order,
    });
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stores/shopify',
        payload: raw,
        headers,
      });
    const setStatus = (status: string) =>
      call(owner, 'PATCH', `/stores/${store.id}/status`, { status });
    const eventsOf = () =>
      ctx.db.select().from(storeWebhookEvents).where(eq(storeWebhookEvents.storeId, store.id));

    expect((await setStatus('disabled')).statusCode).toBe(200);
    expect((await post()).json()).toEqual({ data: { received: false, duplicate: false } });
    expect(await eventsOf()).toHaveLength(0);

    expect((await setStatus('enabled')).statusCode).toBe(200);
    expect((await post()).json()).toEqual({ data: { received: true, duplicate: false } });
    const [event] = await eventsOf();
    // Its job was queued with it (the same statement): exactly one, naming the event.
    const queued = await ctx.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, STORE_JOBS.processDelivery),
          sql`${jobs.payload} ->> 'eventId' = ${event!.id}`,
        ),
      );
    expect(queued).toHaveLength(1);
    await runJobs();
    expect(sink.ordersOf(store.id).map((held) => held.externalId)).toEqual(['p1']);
  });

  it('answers 404 for another organization’s store and 403 without ecommerce.stores', async () => {
    const store = await connectShop(owner, 'privada.myshopify.com');
    await expectEachNotFound(call, other, [
      ['GET', `/stores/${store.id}`],
      ['PATCH', `/stores/${store.id}/status`, { status: 'disabled' }],
      ['POST', `/stores/${store.id}/sync`],
      ['POST', `/stores/${store.id}/reauthorize`],
      ['DELETE', `/stores/${store.id}`],
    ]);
    const theirList = (await call(other, 'GET', '/stores')).json().data as { id: string }[];
    expect(theirList.map((row) => row.id)).not.toContain(store.id);

    const clerk = await createTestUser(ctx, {
      organizationId,
      permissions: ['ecommerce.orders', 'warehousing.products'],
    });
    await expectEachForbidden(call, clerk, [
      ['GET', '/stores'],
      ['GET', `/stores/${store.id}`],
      ['POST', '/stores', { platform: 'mercadolibre' }],
      ['POST', '/stores/authorizations', { platform: 'shopify', query: {} }],
      ['PATCH', `/stores/${store.id}/status`, { status: 'disabled' }],
      ['POST', `/stores/${store.id}/sync`],
      ['POST', `/stores/${store.id}/reauthorize`],
      ['DELETE', `/stores/${store.id}`],
    ]);
  });

  it('never puts a credential in an answer, a log line or the database in clear', async () => {
    const rows = await ctx.db.select().from(stores);
    const secrets: string[] = [];
    for (const fake of Object.values(fakes)) {
      for (const shop of fake.shops.values()) {
        secrets.push(...shop.accessTokens.keys(), ...shop.refreshTokens);
        if (shop.keys) secrets.push(shop.keys.consumerKey, shop.keys.consumerSecret);
        if (shop.webhooks?.secret) secrets.push(shop.webhooks.secret);
      }
    }
    expect(secrets.length).toBeGreaterThan(5);
    const answers = JSON.stringify([
      (await call(owner, 'GET', '/stores')).json(),
      ...(await Promise.all(
        rows
          .filter((row) => row.organizationId === organizationId)
          .map(async (row) => (await call(owner, 'GET', `/stores/${row.id}`)).json()),
      )),
    ]);
    const stored = JSON.stringify(rows);
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(answers).not.toContain(secret);
      expect(stored).not.toContain(secret);
      expect(logged.join('\n')).not.toContain(secret);
    }
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../platform/embedded-postgres';
import { createTestDatabase, testConfig } from '../../../../test/test-app';
import { ManualClock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import { Jobs } from '../../../platform/jobs';
import { StoreApiError, type StoreAdapter, type StoreCredentials } from '../store-adapter';
import { WebhookReceiver } from '../store-sandbox.test-support';
import { createWooCommerceAdapter, wooCommerceOptions } from './woocommerce-adapter';
import {
  WooCommerceSandbox,
  type SandboxWooOrderInput,
  type SandboxWooSite,
} from './woocommerce-sandbox';
import { SandboxWooDeliveries } from './woocommerce-sandbox.deliveries';
import { wooCommerceSandboxRoutes } from './woocommerce-sandbox.routes';
import { buildWooCommerceSandbox } from './woocommerce-sandbox.services';
import { webhookSignature } from './woocommerce-signatures';

const ORDER = (index: number): SandboxWooOrderInput => ({
  customer: { firstName: 'Ana', lastName: 'López', email: `ana${index}@example.mx` },
  address: {
    street: 'Av. Reforma 1 / Int 2',
    city: 'Ciudad de México',
    state: 'CMX',
    zip: '06600',
  },
  lines: [
    { sku: 'CAM-001', name: 'Camisa', quantity: 2, price: 199.9 },
    { sku: 'GOR-002', name: 'Gorra', quantity: 1, price: 99.5 },
  ],
  shippingTotal: 99,
});

describe('the WooCommerce adapter against the sandbox store over HTTP', () => {
  let db: Db;
  let jobs: Jobs;
  let sandbox: WooCommerceSandbox;
  let sandboxServer: FastifyInstance;
  let receiver: WebhookReceiver;
  let callbackUrl: string;
  let adapter: StoreAdapter;
  let site: SandboxWooSite;
  let credentials: StoreCredentials;
  let config: ReturnType<typeof testConfig>;
  const clock = new ManualClock(new Date('2026-11-02T16:00:00Z'));
  const secret = 'per-store-webhook-secret-of-the-core';

  beforeAll(async () => {
    db = await createTestDatabase();
    jobs = new Jobs({ db, clock });
    receiver = await WebhookReceiver.start('/api/v1/webhooks/stores/woocommerce/:id');
    callbackUrl = `${receiver.origin}/api/v1/webhooks/stores/woocommerce/5b0c1b8e-5d2a-4a7e-9a57-0d1e0f6a1c11`;
    const port = await freePort();
    config = testConfig({ APP_URL: `http://127.0.0.1:${port}` });
    sandbox = buildWooCommerceSandbox({ db, clock, jobs, config }).wooCommerceSandbox!;
    sandboxServer = Fastify();
    await sandboxServer.register(wooCommerceSandboxRoutes, { wooCommerceSandbox: sandbox });
    await sandboxServer.listen({ host: '127.0.0.1', port });
    adapter = createWooCommerceAdapter({ ...wooCommerceOptions(config), now: () => clock.now() });
    site = await sandbox.createSite({ name: 'Tienda Woo' });
    const authorized = await adapter.authorize({
      platform: 'woocommerce',
      url: `${site.url}/`,
      consumerKey: site.consumerKey,
      consumerSecret: site.consumerSecret,
    });
    expect(authorized.externalId).toBe(site.url);
    expect(authorized.name).toBe('Tienda Woo');
    credentials = { ...authorized.credentials, webhookSecret: secret };
  });

  afterAll(async () => {
    await jobs.stop();
    await sandboxServer?.close();
    await receiver?.close();
  });

  it('refuses keys the site does not know (auth), over the OAuth 1.0a signed query', async () => {
    for (const keys of [
      { consumerKey: site.consumerKey, consumerSecret: 'cs_wrong' },
      { consumerKey: 'ck_unknown', consumerSecret: site.consumerSecret },
    ]) {
      const refused = adapter.authorize({ platform: 'woocommerce', url: site.url, ...keys });
      await expect(refused).rejects.toBeInstanceOf(StoreApiError);
      await expect(refused).rejects.toMatchObject({ kind: 'auth' });
    }
  });

  it('never calls a private address: refused when connecting, and again before each request', async () => {
    const keys = { consumerKey: site.consumerKey, consumerSecret: site.consumerSecret };
    for (const url of ['http://10.1.2.3', 'http://[::1]:8080', 'http://169.254.169.254']) {
      await expect(
        adapter.authorize({ platform: 'woocommerce', url, ...keys }),
        url,
      ).rejects.toMatchObject({ code: 'STORE_URL_NOT_PUBLIC' });
    }
    // A public site answering a redirect to a private address is not followed there.
    const called: string[] = [];
    const redirected = createWooCommerceAdapter({
      sandbox: true,
      reach: { lookup: async () => ['93.184.215.14'] },
      fetch: async (url, init) => {
        called.push(`${String(url).split('?')[0]} ${init?.redirect}`);
        return new Response(null, {
          status: 302,
          headers: { location: 'http://169.254.169.254/' },
        });
      },
    });
    await expect(
      redirected.authorize({ platform: 'woocommerce', url: 'http://tienda.example.mx', ...keys }),
    ).rejects.toMatchObject({ kind: 'refused' });
    expect(called).toEqual(['http://tienda.example.mx/wp-json/wc/v3/orders manual']);
    // Credentials saved earlier with such a URL are refused at the request, not sent there.
    const stored = { ...credentials, url: 'http://192.168.0.10/tienda' };
    await expect(adapter.getOrder(stored, '1')).rejects.toMatchObject({ kind: 'refused' });
  });

  it('names the store by the site title of the WordPress REST index, else by its address', async () => {
    // WordPress keeps the title HTML-escaped; the store is named with the plain characters.
    const titled = await sandbox.createSite({ name: "Café & Té de Ana's" });
    const index = await fetch(`${titled.url}/wp-json/`);
    expect(index.status).toBe(200);
    expect(await index.json()).toMatchObject({
      name: 'Café &amp; Té de Ana&#39;s',
      url: titled.url,
      home: titled.url,
    });
    const connect = (on: StoreAdapter, url: string) =>
      on.authorize({
        platform: 'woocommerce',
        url,
        consumerKey: titled.consumerKey,
        consumerSecret: titled.consumerSecret,
      });
    expect((await connect(adapter, titled.url)).name).toBe("Café & Té de Ana's");
    // A site hiding its index (a security plugin), answering garbage or not answering it:
    // still connected, named by host and path.
    const address = `${new URL(titled.url).host}${new URL(titled.url).pathname}`;
    for (const index of [
      () => new Response('{"code":"rest_disabled"}', { status: 401 }),
      () => new Response('<html>', { status: 200 }),
      () => new Response('{"name":"  "}', { status: 200 }),
      () => {
        throw new TypeError('fetch failed');
      },
    ]) {
      const hidden = createWooCommerceAdapter({
        ...wooCommerceOptions(config),
        fetch: async (url, init) =>
          String(url).includes('/wp-json/?') ? index() : fetch(url, init),
      });
      const authorized = await connect(hidden, titled.url);
      expect(authorized.name).toBe(address);
      expect(authorized.externalId).toBe(titled.url);
    }
  });

  it('pages open orders with X-WP-Total and X-WP-TotalPages', async () => {
    await sandbox.createOrders(site.slug, 230, ORDER);
    const first = await adapter.listOpenOrders(credentials, null);
    expect(first).toMatchObject({ total: 230, next: '2' });
    expect(first.orders).toHaveLength(100);
    const second = await adapter.listOpenOrders(credentials, first.next);
    const third = await adapter.listOpenOrders(credentials, second.next);
    expect(third.next).toBeNull();
    const ids = [...first.orders, ...second.orders, ...third.orders].map((o) => o.externalId);
    expect(new Set(ids).size).toBe(230);
    expect(first.orders[0]).toMatchObject({
      paymentState: 'paid',
      total: 199_90 * 2 + 99_50 + 99_00,
      customer: { name: 'Ana López', email: 'ana0@example.mx' },
      shippingAddress: { street: 'Av. Reforma 1 / Int 2', zip: '06600', country: 'MX' },
      lines: [
        { sku: 'CAM-001', quantity: 2, fulfillableQuantity: 2, unitPrice: 199_90 },
        { sku: 'GOR-002', quantity: 1, fulfillableQuantity: 1, unitPrice: 99_50 },
      ],
    });
  });

  it('lists only the orders changed since a time, that second included', async () => {
    clock.advance(60_000);
    const since = clock.now().toISOString();
    const [order] = await sandbox.createOrders(site.slug, 1, ORDER);
    clock.advance(1500);
    const [other] = await sandbox.createOrders(site.slug, 1, ORDER);
    const changed = await adapter.listOrdersChangedSince(credentials, since, null);
    expect(changed.orders.map((entry) => entry.externalId)).toEqual([
      String(order!.id),
      String(other!.id),
    ]);
    expect(changed.next).toBeNull();
    expect(await adapter.getOrder(credentials, '999999')).toBeNull();
  });

  it('registers its webhooks, answers the ping, and verifies deliveries on their raw bytes', async () => {
    await adapter.registerWebhooks(credentials, callbackUrl);
    expect(await adapter.webhooksHealthy!(credentials, callbackUrl)).toBe(true);
    expect((await sandbox.webhooksOf(site.slug)).map((hook) => hook.topic).sort()).toEqual([
      'order.created',
      'order.deleted',
      'order.updated',
    ]);
    // WooCommerce pings each new webhook, unsigned.
    const pings = receiver.received.splice(0);
    expect(pings).toHaveLength(3);
    expect(adapter.verifyWebhook(pings[0]!.body, pings[0]!.headers, secret)).toMatchObject({
      topic: 'ping',
      order: null,
    });
    // Registering again keeps them (no duplicates).
    await adapter.registerWebhooks(credentials, callbackUrl);
    expect(await sandbox.webhooksOf(site.slug)).toHaveLength(3);

    const [order] = await sandbox.createOrders(site.slug, 1, ORDER);
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 1, failed: 0 });
    const [delivery] = receiver.received.splice(0);
    expect(delivery!.headers['x-wc-webhook-topic']).toBe('order.created');
    const verified = adapter.verifyWebhook(delivery!.body, delivery!.headers, secret);
    expect(verified).toMatchObject({
      topic: 'order',
      orderExternalId: String(order!.id),
      order: { externalId: String(order!.id), customer: { name: 'Ana López' } },
    });

    const { 'x-wc-webhook-signature': _signature, ...unsigned } = delivery!.headers;
    const reserialized = Buffer.from(JSON.stringify(JSON.parse(delivery!.body.toString())));
    const tampered = Buffer.from(delivery!.body.toString().replace('ana', 'eva'));
    expect(reserialized.equals(delivery!.body)).toBe(false);
    expect(adapter.verifyWebhook(delivery!.body, unsigned, secret)).toBeNull();
    expect(adapter.verifyWebhook(delivery!.body, delivery!.headers, 'another-secret')).toBeNull();
    expect(adapter.verifyWebhook(delivery!.body, delivery!.headers, null)).toBeNull();
    expect(adapter.verifyWebhook(tampered, delivery!.headers, secret)).toBeNull();
    expect(adapter.verifyWebhook(reserialized, delivery!.headers, secret)).toBeNull();
    const resigned = {
      ...delivery!.headers,
      'x-wc-webhook-signature': webhookSignature(tampered, secret),
    };
    expect(adapter.verifyWebhook(tampered, resigned, secret)).not.toBeNull();
  });

  it('detects a webhook the store disabled after five failed deliveries, and re-activates it', async () => {
    receiver.status = 500;
    await sandbox.createOrders(site.slug, 4, ORDER);
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 0, failed: 4 });
    expect(await adapter.webhooksHealthy!(credentials, callbackUrl)).toBe(true);
    await sandbox.createOrders(site.slug, 2, ORDER);
    // The fifth failure disables it; the sixth is never sent, and nothing is retried.
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 0, failed: 5 - 4 });
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 0, failed: 0 });
    expect(await adapter.webhooksHealthy!(credentials, callbackUrl)).toBe(false);
    receiver.status = 200;
    receiver.received.splice(0);
    await adapter.registerWebhooks(credentials, callbackUrl);
    expect(await adapter.webhooksHealthy!(credentials, callbackUrl)).toBe(true);
    expect(await sandbox.webhooksOf(site.slug)).toHaveLength(3);
    await sandbox.createOrders(site.slug, 1, ORDER);
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 1, failed: 0 });
    const [delivery] = receiver.received.splice(0);
    expect(adapter.verifyWebhook(delivery!.body, delivery!.headers, secret)).not.toBeNull();
  });

  it('pushes tracking as a customer note, through Shipment Tracking when the site has it, and completes a wholly shipped order', async () => {
    const [order] = await sandbox.createOrders(site.slug, 1, ORDER);
    const [shirt, cap] = order!.line_items;
    const target = { externalId: String(order!.id) };
    const first = {
      order: target,
      lines: [{ externalId: String(shirt!.id), quantity: 2 }],
      trackingNumber: 'EST123',
      company: 'Estafeta',
      trackingUrl: 'https://rastreo.example/EST123',
      idempotencyKey: 'fulfilment-1',
    };
    const pushed = await adapter.pushFulfilment(credentials, first);
    expect(await sandbox.notesOf(site.slug, order!.id)).toEqual([
      expect.objectContaining({
        id: Number(pushed.externalId),
        customer_note: true,
        note: expect.stringContaining('EST123'),
      }),
    ]);
    expect(await sandbox.trackingsOf(site.slug, order!.id)).toEqual([]);
    expect((await sandbox.order(site.slug, order!.id))!.status).toBe('processing');
    // The same push again is the same push.
    expect(await adapter.pushFulfilment(credentials, first)).toEqual(pushed);
    expect(await sandbox.notesOf(site.slug, order!.id)).toHaveLength(1);
    const partly = await adapter.getOrder(credentials, String(order!.id));
    expect(partly!.lines.map((line) => line.fulfillableQuantity)).toEqual([0, 1]);

    await sandbox.setShipmentTracking(site.slug, true);
    await adapter.pushFulfilment(credentials, {
      ...first,
      lines: [{ externalId: String(cap!.id), quantity: 1 }],
      trackingNumber: 'DHL456',
      company: 'DHL',
      trackingUrl: null,
      idempotencyKey: 'fulfilment-2',
    });
    expect(await sandbox.trackingsOf(site.slug, order!.id)).toEqual([
      expect.objectContaining({ tracking_number: 'DHL456', tracking_provider: 'DHL' }),
    ]);
    expect((await sandbox.order(site.slug, order!.id))!.status).toBe('completed');
  });

  it('cancels an order at the store, and refuses a push to a cancelled one', async () => {
    const [order] = await sandbox.createOrders(site.slug, 1, ORDER);
    await adapter.cancelOrder!(credentials, String(order!.id), 'Sin existencias');
    expect((await sandbox.order(site.slug, order!.id))!.status).toBe('cancelled');
    expect(await adapter.getOrder(credentials, String(order!.id))).toMatchObject({
      cancelled: true,
    });
    await expect(
      adapter.pushFulfilment(credentials, {
        order: { externalId: String(order!.id) },
        lines: [],
        trackingNumber: 'X',
        company: 'X',
        trackingUrl: null,
        idempotencyKey: 'late',
      }),
    ).rejects.toMatchObject({ kind: 'refused' });
    await expect(adapter.cancelOrder!(credentials, '999999', 'x')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('shapes deliveries by the chaos switches, the same way for the same seed', async () => {
    const shapeOf = async (seed: number) => {
      const chaotic = await sandbox.createSite({ name: `Caos ${seed}` });
      const keys = {
        url: chaotic.url,
        consumerKey: chaotic.consumerKey,
        consumerSecret: chaotic.consumerSecret,
        webhookSecret: secret,
      };
      await adapter.registerWebhooks(keys, callbackUrl);
      await sandbox.setChaos(chaotic.slug, {
        duplicate: 0.3,
        reorder: 0.3,
        drop: 0.3,
        delay: 0.3,
        delayMs: 5000,
        seed,
      });
      const before = new Set((await sandbox.pendingDeliveries()).map((entry) => entry.id));
      await sandbox.createOrders(chaotic.slug, 200, ORDER);
      const start = clock.now().getTime();
      return (await sandbox.pendingDeliveries())
        .filter((entry) => !before.has(entry.id))
        .map((entry) => `${entry.state}+${entry.dueAt - start}`);
    };
    const once = await shapeOf(7);
    const again = await shapeOf(7);
    const other = await shapeOf(8);
    expect(again).toEqual(once);
    expect(other).not.toEqual(once);
    const count = (prefix: string) => once.filter((entry) => entry.startsWith(prefix)).length;
    // 200 orders: about 30% dropped; of the rest about 30% sent twice, some held back.
    expect(count('dropped')).toBeGreaterThan(40);
    expect(count('dropped')).toBeLessThan(80);
    expect(once.length - 200).toBeGreaterThan(25);
    expect(
      once.filter((entry) => !entry.endsWith('+0') && entry.startsWith('pending')).length,
    ).toBeGreaterThan(40);
    await sandbox.flushDeliveries(new Date(clock.now().getTime() + 60_000));
  });

  it('keeps sites, orders, notes, tracking, webhooks, chaos and queued deliveries across a restart', async () => {
    const kept = await sandbox.createSite({ name: 'Tienda que sobrevive', shipmentTracking: true });
    const keys = {
      url: kept.url,
      consumerKey: kept.consumerKey,
      consumerSecret: kept.consumerSecret,
      webhookSecret: secret,
    };
    await adapter.registerWebhooks(keys, callbackUrl);
    await sandbox.setChaos(kept.slug, { delay: 1, delayMs: 60_000 });
    const [order] = await sandbox.createOrders(kept.slug, 1, ORDER);
    await adapter.pushFulfilment(keys, {
      order: { externalId: String(order!.id) },
      lines: [{ externalId: String(order!.line_items[0]!.id), quantity: 2 }],
      trackingNumber: 'EST789',
      company: 'Estafeta',
      trackingUrl: null,
      idempotencyKey: 'survives',
    });
    const webhooks = await sandbox.webhooksOf(kept.slug);
    const held = (await sandbox.pendingDeliveries()).filter((entry) => entry.state === 'pending');
    expect(held.length).toBeGreaterThan(0);
    receiver.received.splice(0);

    // A new process: another sandbox over the same database, nothing shared in memory.
    const origin = new URL(site.url).origin;
    const restarted = new WooCommerceSandbox({
      db,
      clock,
      origin,
      deliveries: new SandboxWooDeliveries({ db, clock, jobs: null, origin }),
    });
    expect(await restarted.site(kept.slug)).toEqual(await sandbox.site(kept.slug));
    expect((await restarted.site(kept.slug))!.chaos).toMatchObject({ delay: 1, delayMs: 60_000 });
    expect(await restarted.order(kept.slug, order!.id)).toEqual(
      await sandbox.order(kept.slug, order!.id),
    );
    expect(await restarted.notesOf(kept.slug, order!.id)).toEqual([
      expect.objectContaining({ note: expect.stringContaining('EST789') }),
    ]);
    expect(await restarted.trackingsOf(kept.slug, order!.id)).toEqual([
      expect.objectContaining({ tracking_number: 'EST789' }),
    ]);
    expect(await restarted.webhooksOf(kept.slug)).toEqual(webhooks);
    // What the first instance queued, the second one sends, signed with the webhook's secret.
    expect(await restarted.flushDeliveries(new Date(clock.now().getTime() + 120_000))).toEqual({
      sent: held.length,
      failed: 0,
    });
    const [delivery] = receiver.received.splice(0);
    expect(adapter.verifyWebhook(delivery!.body, delivery!.headers, secret)).toMatchObject({
      topic: 'order',
      storeExternalId: kept.url,
    });
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../../test/test-app';
import { ManualClock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import { Jobs } from '../../../platform/jobs';
import { StoreApiError, type StoreAdapter, type StoreCredentials } from '../store-adapter';
import {
  approveConsent,
  kindOf,
  listen,
  SHOPIFY_ADDRESS,
  WebhookReceiver,
} from '../store-sandbox.test-support';
import { createShopifyAdapter } from './shopify-adapter';
import { SANDBOX_SHOPIFY_APP, SHOPIFY_SCOPES } from './shopify-app';
import type { ShopifySandbox } from './shopify-sandbox';
import { SHOPIFY_RETRY_DELAYS_SECONDS } from './shopify-sandbox.deliveries';
import { shopifySandboxRoutes } from './shopify-sandbox.routes';
import { buildShopifySandbox } from './shopify-sandbox.services';

describe('the Shopify adapter against the sandbox store over HTTP', () => {
  let db: Db;
  let jobs: Jobs;
  let sandbox: ShopifySandbox;
  let sandboxServer: FastifyInstance;
  let receiver: WebhookReceiver;
  let adapter: StoreAdapter;
  const clock = new ManualClock(new Date('2026-11-02T16:00:00Z'));
  const slept: number[] = [];
  const redirectUri = 'http://despacho.test/app/settings/marketplaces';

  beforeAll(async () => {
    db = await createTestDatabase();
    jobs = new Jobs({ db, clock });
    receiver = await WebhookReceiver.start('/api/v1/webhooks/stores/shopify');
    sandbox = buildShopifySandbox({
      db,
      clock,
      jobs,
      config: testConfig({ APP_URL: receiver.origin }),
    }).shopifySandbox!;
    sandboxServer = Fastify();
    await sandboxServer.register(shopifySandboxRoutes, { shopifySandbox: sandbox });
    const sandboxOrigin = await listen(sandboxServer);
    adapter = createShopifyAdapter(
      { ...SANDBOX_SHOPIFY_APP, apiVersion: '2026-10', sandboxOrigin },
      {
        now: () => clock.now().getTime(),
        // Waiting is moving the clock the sandbox's bucket refills on.
        sleep: async (ms) => {
          slept.push(ms);
          clock.advance(ms);
        },
      },
    );
  });

  afterAll(async () => {
    await jobs.stop();
    await sandboxServer?.close();
    await receiver?.close();
    await db?.$client.end();
  });

  /** Connects a new sandbox shop through the consent screen, as a merchant's browser would. */
  async function connect(domain: string) {
    await sandbox.createShop({ domain, name: `Tienda ${domain}` });
    const url = adapter.authorizeUrl(
      { platform: 'shopify', shopDomain: domain },
      'shopify.nonce1',
      redirectUri,
    )!;
    return approveConsent(url, redirectUri, {
      says: 'Instalar',
      echoed: ['client_id', 'scope', 'redirect_uri', 'state'],
    });
  }

  async function connected(domain: string): Promise<StoreCredentials> {
    const callbackQuery = await connect(domain);
    return (await adapter.authorize({ callbackQuery, redirectUri })).credentials;
  }

  describe('OAuth', () => {
    it('exchanges a signed callback for a token with the scopes a shipping app needs', async () => {
      const callbackQuery = await connect('oauth-bien.myshopify.com');
      expect(callbackQuery.state).toBe('shopify.nonce1');
      const store = await adapter.authorize({ callbackQuery, redirectUri });
      expect(store.externalId).toBe('oauth-bien.myshopify.com');
      expect(store.name).toBe('Tienda oauth-bien.myshopify.com');
      expect(store.apiVersion).toBe('2026-10');
      expect(store.scopes).toEqual(expect.arrayContaining([...SHOPIFY_SCOPES]));
      expect(adapter.requiredGrant().scopes.every((scope) => store.scopes!.includes(scope))).toBe(
        true,
      );
      expect(store.credentials).toMatchObject({ shop: 'oauth-bien.myshopify.com' });
      // A code works once.
      expect(await kindOf(adapter.authorize({ callbackQuery, redirectUri }))).toBe('auth');
    });

    it('refuses a callback whose hmac does not sign its query', async () => {
      const callbackQuery = await connect('oauth-mal.myshopify.com');
      const forged = { ...callbackQuery, shop: 'oauth-bien.myshopify.com' };
      expect(await kindOf(adapter.authorize({ callbackQuery: forged, redirectUri }))).toBe('auth');
      const wrong = { ...callbackQuery, hmac: '0'.repeat(64) };
      expect(await kindOf(adapter.authorize({ callbackQuery: wrong, redirectUri }))).toBe('auth');
      const { hmac: _hmac, ...unsigned } = callbackQuery;
      expect(await kindOf(adapter.authorize({ callbackQuery: unsigned, redirectUri }))).toBe(
        'auth',
      );
      // The state is the stores module's to check; the adapter hands it back untouched.
      expect(callbackQuery.state).toBe('shopify.nonce1');
      expect(await kindOf(adapter.authorize({ callbackQuery, redirectUri }))).toBe('resolved');
    });
  });

  describe('orders', () => {
    let credentials: StoreCredentials;
    const shop = 'pedidos.myshopify.com';

    beforeAll(async () => {
      credentials = await connected(shop);
    });

    it('lists the orders changed since a time, page by page, oldest first', async () => {
      const numbers: string[] = [];
      for (let index = 0; index < 30; index += 1) {
        clock.advance(1000);
        await sandbox.createOrder(shop, {
          email: `c${index}@example.com`,
          lines: [{ sku: `SKU-${index}`, title: 'Playera', quantity: 1, price: 19900 }],
        });
      }
      const pages = [];
      let page: string | null = null;
      do {
        const listed = await adapter.listOrdersChangedSince(
          credentials,
          '2026-01-01T00:00:00Z',
          page,
        );
        pages.push(listed.orders.length);
        page = listed.next;
        numbers.push(...listed.orders.map((order) => order.number));
      } while (page);
      expect(pages).toEqual([8, 8, 8, 6]);
      expect(numbers).toEqual(Array.from({ length: 30 }, (_, index) => `#${1001 + index}`));

      clock.advance(60_000);
      const since = clock.now().toISOString();
      const [, target] = await sandbox.orders(shop);
      await sandbox.updateOrder(shop, target!.id, { tags: ['vip'] });
      const changed = await adapter.listOrdersChangedSince(credentials, since, null);
      expect(changed.orders.map((order) => order.number)).toEqual([target!.name]);
      expect(changed.orders[0]!.tags).toEqual(['vip']);
      expect(changed.orders[0]!.updatedAt).toBe(since);
    });

    it('reads an order through its fulfillment orders: several locations, holds, closed ones', async () => {
      const order = await sandbox.createOrder(shop, {
        email: 'ana@example.com',
        phone: '5512345678',
        shippingAddress: SHOPIFY_ADDRESS,
        tags: ['mayoreo'],
        lines: [
          { sku: 'TAZA-1', title: 'Taza', quantity: 3, price: 12550 },
          { sku: 'PLATO-1', title: 'Plato', quantity: 2, price: 9900, location: 1 },
        ],
      });
      await sandbox.setFulfillmentOrderStatus(shop, order.id, 1, 'ON_HOLD');
      const read = (await adapter.getOrder(credentials, `gid://shopify/Order/${order.id}`))!;
      expect(read).toMatchObject({
        externalId: `gid://shopify/Order/${order.id}`,
        number: order.name,
        cancelled: false,
        paymentState: 'paid',
        currency: 'MXN',
        total: 3 * 12550 + 2 * 9900,
        customer: { name: 'Ana López', email: 'ana@example.com', phone: '5512345678' },
        shippingAddress: { street: 'Av. Reforma 1', zip: '06600', country: 'MX', state: 'CDMX' },
        tags: ['mayoreo'],
        shippedByPlatform: false,
      });
      expect(
        read.lines.map((line) => [
          line.sku,
          line.quantity,
          line.fulfillableQuantity,
          line.unitPrice,
        ]),
      ).toEqual([
        ['TAZA-1', 3, 3, 12550],
        ['PLATO-1', 2, 2, 9900],
      ]);
      const target = read.fulfilmentTarget as {
        fulfillmentOrders: { status: string; location: string; holds: string[] }[];
      };
      expect(target.fulfillmentOrders).toEqual([
        expect.objectContaining({ status: 'OPEN', location: 'Bodega principal', holds: [] }),
        expect.objectContaining({ status: 'ON_HOLD', location: 'Tienda centro', holds: ['OTHER'] }),
      ]);

      // Closed unfulfilled: nobody is expected to fulfil its units any more.
      await sandbox.setFulfillmentOrderStatus(shop, order.id, 1, 'CLOSED');
      const closed = (await adapter.getOrder(credentials, `gid://shopify/Order/${order.id}`))!;
      expect(closed.lines.map((line) => line.fulfillableQuantity)).toEqual([3, 0]);
      expect(await adapter.getOrder(credentials, 'gid://shopify/Order/999999999')).toBeNull();
    });

    it('reads again whole an order larger than a listing’s page sizes', async () => {
      clock.advance(60_000);
      const since = clock.now().toISOString();
      const lines = Array.from({ length: 27 }, (_, index) => ({
        sku: `BIG-${index}`,
        title: `Pieza ${index}`,
        quantity: 1,
        price: 100,
      }));
      const order = await sandbox.createOrder(shop, { lines });
      const [listed] = (await adapter.listOrdersChangedSince(credentials, since, null)).orders;
      expect(listed!.number).toBe(order.name);
      expect(listed!.lines.map((line) => line.sku)).toEqual(lines.map((line) => line.sku));
      expect(listed!.lines.every((line) => line.fulfillableQuantity === 1)).toBe(true);
      const read = await adapter.getOrder(credentials, listed!.externalId);
      expect(read!.lines).toHaveLength(27);
    });

    it('waits out a throttled bucket instead of failing, and says how long when it gives up', async () => {
      const [order] = await sandbox.orders(shop);
      const id = `gid://shopify/Order/${order!.id}`;
      await sandbox.setBucket(shop, { max: 2000, restoreRate: 100, available: 0 });
      slept.length = 0;
      const read = await adapter.getOrder(credentials, id);
      expect(read?.number).toBe(order!.name);
      // It waited for the query's cost to refill at 100 points a second, then was served.
      expect(slept.length).toBeGreaterThan(0);
      expect(slept.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThan(1000);

      const impatient = createShopifyAdapter(
        {
          ...SANDBOX_SHOPIFY_APP,
          apiVersion: '2026-10',
          sandboxOrigin: new URL(
            adapter.authorizeUrl({ platform: 'shopify', shopDomain: shop }, 's', redirectUri)!,
          ).origin,
        },
        { now: () => clock.now().getTime(), sleep: async () => {}, throttleRetries: 0 },
      );
      await sandbox.setBucket(shop, { max: 2000, restoreRate: 100, available: 0 });
      const error = await impatient.getOrder(credentials, id).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreApiError);
      expect((error as StoreApiError).kind).toBe('throttled');
      expect((error as StoreApiError).retryAfterMs).toBeGreaterThan(0);
      await sandbox.setBucket(shop, { max: 1000, restoreRate: 50 });
    });

    it('says auth when the token is revoked and unavailable when Shopify cannot be reached', async () => {
      const [order] = await sandbox.orders(shop);
      const id = `gid://shopify/Order/${order!.id}`;
      const revoked = { ...credentials, accessToken: 'shpat_revoked' };
      expect(await kindOf(adapter.getOrder(revoked, id))).toBe('auth');
      const unreachable = createShopifyAdapter(
        { ...SANDBOX_SHOPIFY_APP, apiVersion: '2026-10', sandboxOrigin: 'http://127.0.0.1:9' },
        { now: () => clock.now().getTime(), sleep: async () => {} },
      );
      expect(await kindOf(unreachable.getOrder(credentials, id))).toBe('unavailable');
    });

    it('pushes a fulfilment with tracking to open fulfillment orders only, once per tracking', async () => {
      const order = await sandbox.createOrder(shop, {
        lines: [
          { sku: 'A', title: 'A', quantity: 2, price: 1000 },
          { sku: 'B', title: 'B', quantity: 1, price: 1000 },
        ],
      });
      const read = (await adapter.getOrder(credentials, `gid://shopify/Order/${order.id}`))!;
      const push = {
        order: read,
        lines: [{ externalId: read.lines[0]!.externalId, quantity: 1 }],
        trackingNumber: 'DHL123',
        company: 'DHL Express',
        trackingUrl: 'https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=DHL123',
        idempotencyKey: 'fulfilment-1',
      };
      const pushed = await adapter.pushFulfilment(credentials, push);
      expect(pushed.externalId).toMatch(/^gid:\/\/shopify\/Fulfillment\/\d+$/);
      const fulfilments = await sandbox.fulfilmentsOf(shop, order.id);
      expect(fulfilments).toHaveLength(1);
      expect(fulfilments[0]!.tracking).toEqual({
        number: 'DHL123',
        company: 'DHL Express',
        url: push.trackingUrl,
      });
      expect(fulfilments[0]!.lines).toEqual([expect.objectContaining({ quantity: 1 })]);
      expect((await sandbox.order(shop, order.id))!.fulfillmentOrders[0]!.status).toBe(
        'IN_PROGRESS',
      );
      // An answer lost on the way back: the same push again finds the same fulfilment.
      expect(await adapter.pushFulfilment(credentials, push)).toEqual(pushed);
      expect(await sandbox.fulfilmentsOf(shop, order.id)).toHaveLength(1);

      // The merchant closes the rest at Shopify: the next push is refused, nothing is created.
      await sandbox.setFulfillmentOrderStatus(shop, order.id, 0, 'CLOSED');
      const refused = adapter.pushFulfilment(credentials, {
        ...push,
        trackingNumber: 'DHL999',
        lines: [{ externalId: read.lines[1]!.externalId, quantity: 1 }],
      });
      expect(await kindOf(refused)).toBe('refused');
      expect(await sandbox.fulfilmentsOf(shop, order.id)).toHaveLength(1);

      await sandbox.cancelOrder(shop, order.id);
      expect(await kindOf(adapter.cancelOrder!(credentials, read.externalId, 'x'))).toBe('refused');
    });
  });

  describe('webhooks', () => {
    const shop = 'webhooks.myshopify.com';
    let credentials: StoreCredentials;
    const hookUrl = () => `${receiver.origin}/api/v1/webhooks/stores/shopify`;

    beforeAll(async () => {
      credentials = await connected(shop);
      await adapter.registerWebhooks(credentials, hookUrl());
      // Idempotent: registering again subscribes nothing twice.
      await adapter.registerWebhooks(credentials, hookUrl());
    });

    it('accepts Shopify’s signed bytes and refuses missing, wrong, tampered and re-serialized ones', async () => {
      receiver.received.length = 0;
      const order = await sandbox.createOrder(shop, {
        email: 'luis@example.com',
        shippingAddress: SHOPIFY_ADDRESS,
        tags: ['R&D <interno>'],
        lines: [{ sku: 'X-1', title: 'Café & pan', quantity: 2, price: 5000 }],
      });
      await sandbox.flushDeliveries(clock.now());
      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      const verified = adapter.verifyWebhook(delivery!.body, delivery!.headers, null);
      expect(verified).toMatchObject({
        storeExternalId: shop,
        topic: 'order',
        orderExternalId: `gid://shopify/Order/${order.id}`,
        order: { number: order.name, total: 10000, tags: ['R&D <interno>'] },
      });
      expect(verified!.eventId).toBe(delivery!.headers['x-shopify-event-id']);
      expect(delivery!.headers['x-shopify-api-version']).toBe('2026-10');
      expect(delivery!.headers['x-shopify-topic']).toBe('orders/create');
      expect(verified!.order!.lines[0]).toMatchObject({
        sku: 'X-1',
        quantity: 2,
        fulfillableQuantity: 2,
      });

      const { ['x-shopify-hmac-sha256']: _signature, ...unsigned } = delivery!.headers;
      expect(adapter.verifyWebhook(delivery!.body, unsigned, null)).toBeNull();
      const wrong = {
        ...delivery!.headers,
        'x-shopify-hmac-sha256': Buffer.alloc(32).toString('base64'),
      };
      expect(adapter.verifyWebhook(delivery!.body, wrong, null)).toBeNull();
      const tampered = Buffer.from(
        delivery!.body.toString().replace('"quantity":2', '"quantity":9'),
      );
      expect(tampered.equals(delivery!.body)).toBe(false);
      expect(adapter.verifyWebhook(tampered, delivery!.headers, null)).toBeNull();
      const reserialized = Buffer.from(JSON.stringify(JSON.parse(delivery!.body.toString())));
      expect(reserialized.equals(delivery!.body)).toBe(false);
      expect(adapter.verifyWebhook(reserialized, delivery!.headers, null)).toBeNull();
    });

    it('recognises the cancellation and the mandatory compliance topics', async () => {
      const order = await sandbox.createOrder(shop, {
        email: 'marta@example.com',
        lines: [{ sku: 'C', title: 'C', quantity: 1, price: 100 }],
      });
      await sandbox.cancelOrder(shop, order.id);
      await sandbox.requestCompliance(shop, 'customers/data_request', {
        email: 'marta@example.com',
      });
      await sandbox.requestCompliance(shop, 'customers/redact', { email: 'marta@example.com' });
      await sandbox.requestCompliance(shop, 'shop/redact');
      receiver.received.length = 0;
      await sandbox.flushDeliveries(clock.now());
      const deliveries = receiver.received.map((delivery) =>
        adapter.verifyWebhook(delivery.body, delivery.headers, null)!,
      );
      expect(deliveries.map((delivery) => delivery.topic)).toEqual([
        'order',
        'order_cancelled',
        'order',
        'customers_data_request',
        'customers_redact',
        'shop_redact',
      ]);
      expect(deliveries[1]!.order).toMatchObject({
        cancelled: true,
        lines: [{ fulfillableQuantity: 0 }],
      });
      expect(deliveries[3]!.customer).toEqual({
        email: 'marta@example.com',
        phone: null,
        orderExternalIds: [`gid://shopify/Order/${order.id}`],
      });
      expect(deliveries[5]!.storeExternalId).toBe(shop);
    });

    it('retries a failing endpoint on Shopify’s schedule, 8 times over 4 hours, from the job', async () => {
      const order = await sandbox.createOrder(shop, {
        lines: [{ sku: 'R', title: 'R', quantity: 1, price: 100 }],
      });
      receiver.received.length = 0;
      receiver.status = 500;
      try {
        await jobs.runDue(clock.now());
        for (const delay of SHOPIFY_RETRY_DELAYS_SECONDS) {
          clock.advance(delay * 1000 - 1);
          await jobs.runDue(clock.now());
          const attempts = receiver.received.length;
          clock.advance(1);
          await jobs.runDue(clock.now());
          expect(receiver.received.length).toBe(attempts + 1);
        }
      } finally {
        receiver.status = 200;
      }
      expect(receiver.received).toHaveLength(9);
      const rows = (await sandbox.deliveries(shop)).filter((row) =>
        row.body.includes(`"id":${order.id},`),
      );
      expect(rows.map((row) => [row.state, row.attempts, row.lastStatus])).toEqual([
        ['failed', 9, 500],
      ]);
      expect(SHOPIFY_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0)).toBe(4 * 3600);
    });

    it('duplicates, reorders, drops and delays deliveries the same way for the same seed', async () => {
      const run = async (domain: string) => {
        const credentials = await connected(domain);
        await adapter.registerWebhooks(credentials, hookUrl());
        await sandbox.setChaos(domain, {
          duplicate: 0.3,
          reorder: 0.3,
          drop: 0.3,
          delay: 0.3,
          delayMs: 5000,
          seed: 42,
        });
        for (let index = 0; index < 40; index += 1) {
          await sandbox.createOrder(domain, {
            lines: [{ sku: `S${index}`, title: 'S', quantity: 1, price: 100 }],
          });
        }
        const rows = await sandbox.deliveries(domain);
        const start = rows[0]!.triggeredAt.getTime();
        return rows.map((row) => [
          row.state,
          row.nextAttemptAt.getTime() - start,
          JSON.parse(row.body).name,
        ]);
      };
      const first = await run('caos-uno.myshopify.com');
      const second = await run('caos-dos.myshopify.com');
      expect(second).toEqual(first);
      const states = first.map(([state]) => state);
      const dropped = states.filter((state) => state === 'dropped').length;
      const names = first.filter(([state]) => state === 'pending').map(([, , name]) => name);
      const duplicated = names.length - new Set(names).size;
      // Held back 5 s, reordered 7 s (past the held-back ones), or both: 12 s.
      const waits = first
        .filter(([state]) => state === 'pending')
        .map(([, offset]) => Math.floor((offset as number) / 1000) * 1000);
      expect(new Set(waits)).toEqual(new Set([0, 5000, 7000, 12000]));
      const delayed = waits.filter((wait) => wait === 5000 || wait === 12000).length;
      const reordered = waits.filter((wait) => wait >= 7000).length;
      // 40 orders, 30% each: every switch fired, none fired always.
      for (const count of [dropped, duplicated, delayed, reordered]) {
        expect(count).toBeGreaterThan(3);
        expect(count).toBeLessThan(25);
      }
      // Only those not held back leave now; the rest once due, out of order, duplicates with
      // one event id.
      receiver.received.length = 0;
      // (a duplicate follows its original by a millisecond)
      const immediate = first.filter(
        ([state, offset]) => state === 'pending' && offset === 0,
      ).length;
      expect(await sandbox.flushDeliveries(clock.now())).toEqual({
        sent: 2 * immediate,
        failed: 0,
      });
      clock.advance(20_000);
      await sandbox.flushDeliveries(clock.now());
      expect(receiver.received).toHaveLength(2 * names.length);
      const events = receiver.received.map((delivery) => delivery.headers['x-shopify-event-id']);
      expect(new Set(events).size).toBe(2 * new Set(names).size);
      const arrived = receiver.received
        .filter(
          (delivery) => delivery.headers['x-shopify-shop-domain'] === 'caos-uno.myshopify.com',
        )
        .map((delivery) =>
          Number((JSON.parse(delivery.body.toString()) as { name: string }).name.slice(1)),
        );
      expect(arrived).not.toEqual([...arrived].sort((a, b) => a - b));
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningApp, type ChainContext } from '../../../../test/store-chain';
import { storeWebhookEvents } from '../stores.tables';
import { callAs, createOwnerAndOther, type TestUser } from '../../../../test/users';

/**
 * The whole path in one app listening on a port: the merchant connects the sandbox site with its
 * keys, the core registers the webhooks (the site pings them), an order created at the site is
 * delivered signed, ingested, and lands in the orders list; a webhook the site disabled is
 * re-activated by the next reconciliation.
 */
describe('a WooCommerce sandbox site connected to the app', () => {
  let ctx: ChainContext;
  let owner: TestUser;

  beforeAll(async () => {
    ctx = await listeningApp();
    ({ owner } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx?.close());

  it('connects with the keys (bad ones refused), receives signed orders and lists them', async () => {
    const sandbox = ctx.app.services.wooCommerceSandbox!;
    const site = await sandbox.createSite({ name: 'Tienda Woo' });
    const connect = (secret: string) =>
      callAs(ctx.app, owner, 'POST', '/stores', {
        platform: 'woocommerce',
        url: site.url,
        consumer_key: site.consumerKey,
        consumer_secret: secret,
      });
    const refused = await connect('cs_equivocada');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('STORE_CREDENTIALS_REJECTED');
    const connected = await connect(site.consumerSecret);
    expect(connected.statusCode).toBe(200);
    const store = connected.json().data.store as { id: string; name: string };
    // Named by the site's title, read from its WordPress REST index.
    expect(store.name).toBe('Tienda Woo');
    expect(JSON.stringify(connected.json())).not.toContain(site.consumerSecret);
    const hooks = await sandbox.webhooksOf(site.slug);
    expect(hooks.map((hook) => [hook.topic, hook.status, hook.delivery_url]).sort()).toEqual(
      ['order.created', 'order.deleted', 'order.updated'].map((topic) => [
        topic,
        'active',
        `${ctx.app.services.config.APP_URL}/api/v1/webhooks/stores/woocommerce/${store.id}`,
      ]),
    );
    // The site pinged each new webhook (unsigned `webhook_id=N`): answered, nothing stored.
    const events = () =>
      ctx.db.select().from(storeWebhookEvents).where(eq(storeWebhookEvents.storeId, store.id));
    expect(await events()).toEqual([]);
    const post = (body: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/stores/woocommerce/${store.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    expect((await post(`webhook_id=${hooks[0]!.id}`)).statusCode).toBe(200);
    // Anything else unsigned is refused.
    const unsigned = await post('webhook_id=1&status=completed');
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe('STORE_WEBHOOK_SIGNATURE_INVALID');
    expect(await events()).toEqual([]);
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);

    const [order] = await sandbox.createOrders(site.slug, 1, () => ({
      customer: { firstName: 'Rosa', lastName: 'Díaz', email: 'rosa@example.com' },
      address: { street: 'Juárez 10', city: 'Puebla', state: 'PUE', zip: '72000' },
      lines: [{ sku: 'TAZA-ROJA', name: 'Taza roja', quantity: 2, price: 149.9 }],
    }));
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 1, failed: 0 });
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
    const listed = await callAs(ctx.app, owner, 'GET', `/orders?store_id=${store.id}`);
    expect(listed.statusCode).toBe(200);
    const items = listed.json().data as { number: string; customer_name: string | null }[];
    expect(items.map((item) => [item.number, item.customer_name])).toEqual([
      [order!.number, 'Rosa Díaz'],
    ]);

    // The site gave up on one webhook (five failed deliveries); the reconciliation notices.
    const created = hooks.find((hook) => hook.topic === 'order.created')!;
    await sandbox.updateWebhook(site, created.id, { status: 'disabled' });
    const synced = await callAs(ctx.app, owner, 'POST', `/stores/${store.id}/sync`);
    expect(synced.statusCode).toBe(202);
    await ctx.app.jobs.runDue(ctx.clock.now(), 1000);
    const after = await sandbox.webhooksOf(site.slug);
    expect(after).toHaveLength(3);
    expect(after.find((hook) => hook.id === created.id)!.status).toBe('active');
  });

  it('refuses a store URL reaching this host or a private network, storing nothing', async () => {
    const sandbox = ctx.app.services.wooCommerceSandbox!;
    const site = await sandbox.createSite({ name: 'Tienda por otra puerta' });
    const { port, pathname } = new URL(site.url);
    const before = await callAs(ctx.app, owner, 'GET', '/stores');
    for (const url of [
      'http://10.0.0.8/tienda',
      'http://192.168.1.20',
      'http://[::1]:8080',
      'http://169.254.169.254/latest/meta-data',
      // The sandbox itself, reached by a name resolving to loopback instead of the app's URL.
      `http://localhost:${port}${pathname}`,
      // The app's own origin outside the sandbox store.
      `http://127.0.0.1:${port}/api/v1/stores`,
    ]) {
      for (const [language, text] of [
        ['es', 'La dirección de la tienda no es pública'],
        ['en', 'The store address is not public'],
      ] as const) {
        const refused = await callAs(
          ctx.app,
          owner,
          'POST',
          '/stores',
          {
            platform: 'woocommerce',
            url,
            consumer_key: site.consumerKey,
            consumer_secret: site.consumerSecret,
          },
          language,
        );
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().error.code).toBe('STORE_URL_NOT_PUBLIC');
        expect(refused.json().error.message).toContain(text);
      }
    }
    expect((await callAs(ctx.app, owner, 'GET', '/stores')).json()).toEqual(before.json());
  });
});

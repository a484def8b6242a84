import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../../test/test-app';
import { ManualClock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import { Jobs } from '../../../platform/jobs';
import type { StoreAdapter, StoreCredentials } from '../store-adapter';
import { approveConsent, kindOf, listen, WebhookReceiver } from '../store-sandbox.test-support';
import { createMercadoLibreAdapter } from './mercadolibre-adapter';
import { sandboxApp, SANDBOX_MERCADOLIBRE_APP } from './mercadolibre-app';
import type { MercadoLibreSandbox, SandboxMlOrderInput } from './mercadolibre-sandbox';
import { MISSED_FEEDS_TTL_MS, RETRY_DELAYS_MS } from './mercadolibre-sandbox.deliveries';
import { mercadoLibreSandboxRoutes } from './mercadolibre-sandbox.routes';
import { buildMercadoLibreSandbox } from './mercadolibre-sandbox.services';

const HOUR = 3600 * 1000;
const ADDRESS = {
  street: 'Av. Reforma',
  number: '1',
  zip: '06600',
  city: 'Ciudad de México',
  state: 'CDMX',
};
const line = (sku: string, quantity = 1) => ({
  sku,
  title: `Producto ${sku}`,
  quantity,
  price: 12_950,
});
const single = (sku: string, mode: SandboxMlOrderInput['mode'] = 'me1'): SandboxMlOrderInput => ({
  lines: [line(sku)],
  mode,
  address: ADDRESS,
});

describe('the Mercado Libre adapter against the sandbox over HTTP', () => {
  let db: Db;
  let jobs: Jobs;
  let sandbox: MercadoLibreSandbox;
  let sandboxServer: FastifyInstance;
  let receiver: WebhookReceiver;
  let sandboxOrigin: string;
  let adapter: StoreAdapter;
  const clock = new ManualClock(new Date('2026-11-02T16:00:00Z'));
  const redirectUri = 'http://despacho.test/app/settings/marketplaces';

  beforeAll(async () => {
    db = await createTestDatabase();
    jobs = new Jobs({ db, clock });
    receiver = await WebhookReceiver.start('/api/v1/webhooks/stores/mercadolibre');
    sandbox = buildMercadoLibreSandbox({
      db,
      clock,
      jobs,
      config: testConfig({ APP_URL: receiver.origin }),
    }).mercadoLibreSandbox!;
    sandboxServer = Fastify();
    await sandboxServer.register(mercadoLibreSandboxRoutes, { mercadoLibreSandbox: sandbox });
    sandboxOrigin = await listen(sandboxServer);
    adapter = createMercadoLibreAdapter(sandboxApp(sandboxOrigin), {
      now: () => clock.now().getTime(),
    });
  });

  afterAll(async () => {
    await jobs.stop();
    await sandboxServer?.close();
    await receiver?.close();
    await db?.$client.end();
  });

  /** A new sandbox seller granting the app on the consent screen, as a browser would. */
  async function consent(nickname: string) {
    const seller = await sandbox.createSeller({ nickname });
    const url = adapter.authorizeUrl(
      { platform: 'mercadolibre' },
      'mercadolibre.nonce1',
      redirectUri,
    )!;
    const callbackQuery = await approveConsent(url, redirectUri, {
      says: 'Permitir',
      echoed: ['client_id', 'redirect_uri', 'state'],
      fields: { seller_id: String(seller.id) },
    });
    return { seller, callbackQuery };
  }

  async function connected(nickname: string) {
    const { seller, callbackQuery } = await consent(nickname);
    const store = await adapter.authorize({ callbackQuery, redirectUri });
    return { seller, credentials: store.credentials };
  }

  const since = () => new Date(clock.now().getTime() - HOUR).toISOString();

  async function allChanged(credentials: StoreCredentials) {
    const orders = [];
    let page: string | null = null;
    do {
      const result = await adapter.listOrdersChangedSince(credentials, since(), page);
      orders.push(...result.orders);
      page = result.next;
    } while (page);
    return orders;
  }

  it('connects a seller through the consent screen with a 6-hour token; a code works once', async () => {
    const { seller, callbackQuery } = await consent('VENDEDOR_OAUTH');
    expect(callbackQuery.state).toBe('mercadolibre.nonce1');
    const store = await adapter.authorize({ callbackQuery, redirectUri });
    expect(store.externalId).toBe(String(seller.id));
    expect(store.name).toBe('VENDEDOR_OAUTH');
    expect(store.scopes).toEqual(adapter.requiredGrant().scopes);
    expect(store.expiresAt).toBe(new Date(clock.now().getTime() + 6 * HOUR).toISOString());
    expect(await kindOf(adapter.authorize({ callbackQuery, redirectUri }))).toBe('auth');
    expect(
      await kindOf(adapter.authorize({ callbackQuery: { error: 'access_denied' }, redirectUri })),
    ).toBe('refused');
  });

  it('refuses an expired token after 6 hours and refreshes it into a new pair', async () => {
    const { credentials } = await connected('VENDEDOR_EXPIRA');
    await expect(adapter.listOrdersChangedSince(credentials, since(), null)).resolves.toBeTruthy();
    clock.advance(6 * HOUR + 1000);
    expect(await kindOf(adapter.listOrdersChangedSince(credentials, since(), null))).toBe('auth');
    const refreshed = (await adapter.refresh!(credentials))!;
    expect(refreshed.expiresAt).toBe(new Date(clock.now().getTime() + 6 * HOUR).toISOString());
    expect(refreshed.credentials.refreshToken).not.toBe(credentials.refreshToken);
    await expect(
      adapter.listOrdersChangedSince(refreshed.credentials, since(), null),
    ).resolves.toMatchObject({ orders: [] });
  });

  it('answers invalid_grant to a refresh token spent twice', async () => {
    const { credentials } = await connected('VENDEDOR_REFRESCO');
    await adapter.refresh!(credentials);
    expect(await kindOf(adapter.refresh!(credentials))).toBe('auth');
    const raw = await fetch(`${sandboxOrigin}/sandbox/mercadolibre/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: SANDBOX_MERCADOLIBRE_APP.appId,
        client_secret: SANDBOX_MERCADOLIBRE_APP.clientSecret,
        refresh_token: String(credentials.refreshToken),
      }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('reads a pack as one order under the pack id, from any of its orders', async () => {
    const { seller, credentials } = await connected('VENDEDOR_PAQUETE');
    const pack = await sandbox.createOrder(seller.id, {
      lines: [line('PAQ-1', 2), line('PAQ-2')],
      mode: 'me1',
      address: ADDRESS,
    });
    expect(pack.orderIds).toHaveLength(2);
    const listed = await allChanged(credentials);
    expect(listed.map((order) => order.externalId)).toEqual([pack.externalId]);
    const [order] = listed;
    expect(order!.lines.map((entry) => [entry.sku, entry.quantity])).toEqual([
      ['PAQ-1', 2],
      ['PAQ-2', 1],
    ]);
    expect(order!.total).toBe(3 * 12_950);
    expect(order!.shippingAddress).toMatchObject({
      zip: '06600',
      street: 'Av. Reforma 1',
      country: 'MX',
    });
    const viaMember = await adapter.getOrder(credentials, String(pack.orderIds[1]));
    expect(viaMember).toEqual(order);
    expect(await adapter.getOrder(credentials, pack.externalId)).toEqual(order);
  });

  it('shows me2 orders as shipped by Mercado Libre, never fulfillable here, their push refused', async () => {
    const { seller, credentials } = await connected('VENDEDOR_ME2');
    const created = await sandbox.createOrder(seller.id, single('ME2-1', 'me2'));
    const order = (await adapter.getOrder(credentials, created.externalId))!;
    expect(order.shippedByPlatform).toBe(true);
    expect(order.lines.every((entry) => entry.fulfillableQuantity === 0)).toBe(true);
    const push = {
      order,
      lines: [],
      trackingNumber: 'GUIA-ME2',
      company: 'Estafeta',
      trackingUrl: null,
      idempotencyKey: 'k-me2',
    };
    expect(await kindOf(adapter.pushFulfilment(credentials, push))).toBe('refused');
    // Even a forged target is refused by Mercado Libre itself.
    const forged = {
      ...push,
      order: { ...order, fulfilmentTarget: { ...order.fulfilmentTarget, mode: 'me1' } },
    };
    expect(await kindOf(adapter.pushFulfilment(credentials, forged))).toBe('refused');
    expect(await sandbox.trackingOf(created.shipmentId)).toMatchObject({ number: null });
  });

  it('pushes the tracking of an me1 order to its shipment; then nothing is left to fulfil', async () => {
    const { seller, credentials } = await connected('VENDEDOR_ME1');
    const created = await sandbox.createOrder(seller.id, single('ME1-1'));
    const order = (await adapter.getOrder(credentials, created.externalId))!;
    expect(order.shippedByPlatform).toBe(false);
    expect(order.lines[0]!.fulfillableQuantity).toBe(1);
    const pushed = await adapter.pushFulfilment(credentials, {
      order,
      lines: [{ externalId: order.lines[0]!.externalId, quantity: 1 }],
      trackingNumber: 'EST123456789',
      company: 'Estafeta',
      trackingUrl: null,
      idempotencyKey: 'k-me1',
    });
    expect(pushed.externalId).toBe(String(created.shipmentId));
    // Informed first, then reported dispatched; the carrier is Mercado Libre's service_id.
    expect(await sandbox.trackingOf(created.shipmentId)).toEqual({
      status: 'shipped',
      number: 'EST123456789',
      method: null,
    });
    const after = (await adapter.getOrder(credentials, created.externalId))!;
    expect(after.lines[0]!.fulfillableQuantity).toBe(0);
    // A shipped sale can no longer be cancelled by the seller.
    expect(await kindOf(adapter.cancelOrder!(credentials, created.externalId, 'Sin stock'))).toBe(
      'refused',
    );
  });

  it('takes a shipment dispatched only after its tracking number, as Mercado Libre documents', async () => {
    const { seller, credentials } = await connected('VENDEDOR_ORDEN');
    const created = await sandbox.createOrder(seller.id, single('ORD-1', 'custom'));
    const call = (path: string, method: string, body: unknown) =>
      fetch(`${sandboxOrigin}/sandbox/mercadolibre/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${String(credentials.accessToken)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const shipped = { status: 'shipped', substatus: null };
    const notify = `/shipments/${created.shipmentId}/seller_notifications`;
    expect((await call(notify, 'POST', shipped)).status).toBe(400);
    expect((await call(`/shipments/${created.shipmentId}`, 'PUT', {})).status).toBe(400);
    const put = await call(`/shipments/${created.shipmentId}`, 'PUT', { tracking_number: 'T-1' });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ status: 'ready_to_ship', tracking_number: 'T-1' });
    expect((await call(notify, 'POST', shipped)).status).toBe(200);
    expect(await sandbox.trackingOf(created.shipmentId)).toMatchObject({ status: 'shipped' });
    // A sale not completed needs a listed reason and a rating that is not positive.
    const other = await sandbox.createOrder(seller.id, single('ORD-2'));
    const feedback = `/orders/${other.orderIds[0]}/feedback`;
    const notDone = { fulfilled: false, message: 'Sin existencias', rating: 'neutral' };
    expect((await call(feedback, 'POST', { ...notDone, reason: 'SIN_MOTIVO' })).status).toBe(400);
    expect(
      (await call(feedback, 'POST', { ...notDone, rating: 'positive', reason: 'OUT_OF_STOCK' }))
        .status,
    ).toBe(400);
    expect((await call(feedback, 'POST', { ...notDone, reason: 'OUT_OF_STOCK' })).status).toBe(200);
    expect(await sandbox.order(seller.id, other.orderIds[0]!)).toMatchObject({
      status: 'cancelled',
    });
  });

  it('cancels a sale not yet shipped, and refuses it once cancelled', async () => {
    const { seller, credentials } = await connected('VENDEDOR_CANCELA');
    const created = await sandbox.createOrder(seller.id, single('CAN-1'));
    await adapter.cancelOrder!(credentials, created.externalId, 'Sin stock');
    const order = (await adapter.getOrder(credentials, created.externalId))!;
    expect(order.cancelled).toBe(true);
    expect(await kindOf(adapter.cancelOrder!(credentials, created.externalId, 'otra vez'))).toBe(
      'refused',
    );
  });

  it('verifies notifications by shape and application; a foreign application_id is refused', async () => {
    const { seller } = await connected('VENDEDOR_NOTIFICA');
    // What earlier tests left pending goes first.
    await sandbox.flushDeliveries();
    receiver.received.length = 0;
    const created = await sandbox.createOrder(seller.id, single('NOT-1'));
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 1, missed: 0 });
    expect(receiver.received).toHaveLength(1);
    const delivery = adapter.verifyWebhook(receiver.received[0]!.body, {}, null)!;
    expect(delivery).toMatchObject({
      storeExternalId: String(seller.id),
      topic: 'order',
      orderExternalId: String(created.orderIds[0]),
      order: null,
    });
    const body = JSON.parse(receiver.received[0]!.body.toString()) as Record<string, unknown>;
    const refused = (value: unknown) =>
      adapter.verifyWebhook(Buffer.from(JSON.stringify(value)), {}, null);
    expect(refused({ ...body, application_id: 1234567890 })).toBeNull();
    expect(refused({ ...body, _id: undefined })).toBeNull();
    expect(adapter.verifyWebhook(Buffer.from('not json'), {}, null)).toBeNull();
  });

  it('keeps dropped notifications 2 days for /missed_feeds, which missedDeliveries reads', async () => {
    const { seller, credentials } = await connected('VENDEDOR_PIERDE');
    const other = await connected('VENDEDOR_OTRO');
    await sandbox.setChaos(seller.id, { drop: 1 });
    await sandbox.setChaos(other.seller.id, { drop: 1 });
    receiver.received.length = 0;
    const created = await sandbox.createOrders(seller.id, [single('MIS-1'), single('MIS-2')]);
    await sandbox.createOrder(other.seller.id, single('MIS-OTRO'));
    await sandbox.flushDeliveries();
    expect(receiver.received).toHaveLength(0);
    const missed = await adapter.missedDeliveries!(credentials);
    expect(missed.map((delivery) => delivery.orderExternalId).sort()).toEqual(
      created.map((purchase) => String(purchase.orderIds[0])).sort(),
    );
    expect(missed.every((delivery) => delivery.storeExternalId === String(seller.id))).toBe(true);
    clock.advance(MISSED_FEEDS_TTL_MS + 1000);
    const fresh = (await adapter.refresh!(credentials))!.credentials;
    expect(await adapter.missedDeliveries!(fresh)).toEqual([]);
  });

  it('retries a notification not answered 200, listing it as missed until one attempt is', async () => {
    const { seller, credentials } = await connected('VENDEDOR_REINTENTA');
    await sandbox.flushDeliveries();
    receiver.received.length = 0;
    receiver.status = 500;
    const created = await sandbox.createOrder(seller.id, single('RET-1'));
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 0, missed: 1 });
    const missed = await adapter.missedDeliveries!(credentials);
    expect(missed.map((delivery) => delivery.orderExternalId)).toEqual([
      String(created.orderIds[0]),
    ]);
    receiver.status = 200;
    // Not before its retry is due.
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 0, missed: 0 });
    clock.advance(RETRY_DELAYS_MS[0]);
    expect(await sandbox.flushDeliveries()).toEqual({ sent: 1, missed: 0 });
    expect(receiver.received).toHaveLength(2);
    expect(JSON.parse(receiver.received[1]!.body.toString())).toMatchObject({
      _id: missed[0]!.eventId,
      attempts: 2,
    });
    expect(await adapter.missedDeliveries!(credentials)).toEqual([]);
  });

  it('revokes: the seller’s tokens, access and refresh, stop working', async () => {
    const { credentials } = await connected('VENDEDOR_REVOCA');
    await adapter.revoke!(credentials);
    expect(await kindOf(adapter.listOpenOrders(credentials, null))).toBe('auth');
    expect(await kindOf(adapter.refresh!(credentials))).toBe('auth');
  });

  it('shapes deliveries by seeded chaos: the same seed, the same fates', async () => {
    const fates = async (seed: number) => {
      const { seller } = await connected(`VENDEDOR_CAOS_${seed}_${Math.random()}`);
      await sandbox.setChaos(seller.id, {
        duplicate: 0.3,
        reorder: 0.3,
        drop: 0.3,
        delay: 0.3,
        delayMs: 1000,
        seed,
      });
      await sandbox.createOrders(
        seller.id,
        Array.from({ length: 40 }, (_, index) => single(`CAOS-${index}`)),
      );
      clock.advance(10_000);
      await sandbox.flushDeliveries();
      const states = (await sandbox.notifications(seller.id)).map((entry) => entry.state);
      return states;
    };
    const first = await fates(7);
    expect(await fates(7)).toEqual(first);
    expect(await fates(8)).not.toEqual(first);
    // Every switch acted: some sent twice (more sends than 40), some missed.
    expect(first.length).toBeGreaterThan(40);
    expect(first.filter((state) => state === 'missed').length).toBeGreaterThan(0);
    expect(first.filter((state) => state === 'delivered').length).toBeGreaterThan(0);
  });

  it('pages a bulk of orders through /orders/search, each once', async () => {
    const { seller, credentials } = await connected('VENDEDOR_MASIVO');
    const created = await sandbox.createOrders(
      seller.id,
      Array.from({ length: 120 }, (_, index) => single(`BULK-${index}`)),
    );
    const listed = await allChanged(credentials);
    expect(listed.map((order) => order.externalId).sort()).toEqual(
      created.map((purchase) => purchase.externalId).sort(),
    );
    const open = await adapter.listOpenOrders(credentials, null);
    expect(open.total).toBe(120);
  });
});

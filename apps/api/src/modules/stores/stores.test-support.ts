import type { StorePlatform } from '@despacho/domain';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db';
import type { FileStore } from '../../platform/files';
import type { Clock } from '../../platform/clock';
import {
  StoreApiError,
  type ExternalOrder,
  type FulfilmentPush,
  type StoreAdapter,
  type StoreCredentials,
  type VerifiedDelivery,
} from './store-adapter';
import type { StoreAdapters } from './store-adapters';
import type { StoreCustomerRef, StoreOrderSink, StoreRef } from './store-order-sink';
import { CUSTOMER_DATA_PURPOSE } from './stores.service';
import { stores } from './stores.tables';

/** The fake platforms' app secret: signs consent callbacks and (Shopify-like) webhooks. */
export const FAKE_APP_SECRET = 'fake-platform-app-secret';
const PAGE_SIZE = 2;
const TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

const hmac = (secret: string, data: Buffer | string) =>
  createHmac('sha256', secret).update(data).digest();

interface FakeShop {
  name: string;
  orders: Map<string, ExternalOrder>;
  /** Valid access tokens and when each expires. */
  accessTokens: Map<string, number>;
  /** Refresh tokens not spent yet (single-use, as Mercado Libre's). */
  refreshTokens: Set<string>;
  webhooks: { callbackUrl: string; secret: string | null; active: boolean } | null;
  missed: VerifiedDelivery[];
  pushes: FulfilmentPush[];
  /** Keys a key-based store (WooCommerce-like) accepts. */
  keys: { consumerKey: string; consumerSecret: string } | null;
}

/**
 * One online-store platform played in memory for the stores module's tests, honest where the
 * module relies on it: consent callbacks signed with the app secret, codes and refresh tokens
 * used once, access tokens that expire on the test clock, orders listed in pages by update
 * time, webhook deliveries signed over their raw bytes.
 */
export class FakeStorePlatform {
  readonly shops = new Map<string, FakeShop>();
  private readonly codes = new Map<string, string>();
  refreshCalls = 0;
  /** Listing calls still to fail as an unreachable platform would (then it answers again). */
  outages = 0;
  /** How long a refresh takes at the platform (a network round trip). */
  refreshLatencyMs = 0;
  /** What the app requires now; key-based stores (WooCommerce-like) grant no scopes. */
  grant: { scopes: string[]; apiVersion?: string };

  constructor(
    readonly platform: StorePlatform,
    private readonly clock: Clock,
    readonly expiringTokens = platform === 'mercadolibre',
  ) {
    this.grant =
      platform === 'woocommerce'
        ? { scopes: [] }
        : { scopes: ['read_orders'], apiVersion: '2026-04' };
  }

  addShop(externalId: string, name = `Tienda ${externalId}`): FakeShop {
    const shop: FakeShop = {
      name,
      orders: new Map(),
      accessTokens: new Map(),
      refreshTokens: new Set(),
      webhooks: null,
      missed: [],
      pushes: [],
      keys: null,
    };
    this.shops.set(externalId, shop);
    return shop;
  }

  shop(externalId: string): FakeShop {
    const shop = this.shops.get(externalId);
    if (!shop) throw new Error(`No fake shop ${externalId}`);
    return shop;
  }

  /** The merchant clicks «Install» on the consent screen: the callback query the browser brings back. */
  consent(externalId: string, state: string): Record<string, string> {
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, externalId);
    const query: Record<string, string> = { code, shop: externalId, state };
    return { ...query, hmac: this.querySignature(query) };
  }

  /** An order created or changed at the store; `updatedAt` is the clock's now. */
  upsertOrder(
    externalId: string,
    order: Partial<ExternalOrder> & { externalId: string },
  ): ExternalOrder {
    const now = this.clock.now().toISOString();
    const previous = this.shop(externalId).orders.get(order.externalId);
    const next: ExternalOrder = {
      number: `#${order.externalId}`,
      createdAt: previous?.createdAt ?? now,
      cancelled: false,
      paymentState: 'paid',
      currency: 'MXN',
      total: 10_000,
      customer: { name: 'Cliente Prueba', email: 'cliente@prueba.mx', phone: null },
      shippingAddress: null,
      lines: [],
      tags: [],
      shippedByPlatform: false,
      ...previous,
      ...order,
      updatedAt: now,
    };
    this.shop(externalId).orders.set(order.externalId, next);
    return next;
  }

  /** A delivery as the platform would POST it: raw body and headers, signed. */
  delivery(
    externalId: string,
    body: {
      event_id: string;
      topic: VerifiedDelivery['topic'];
      order?: ExternalOrder;
      payload?: unknown;
    },
    secret = this.shops.get(externalId)?.webhooks?.secret ?? FAKE_APP_SECRET,
  ) {
    const raw = Buffer.from(JSON.stringify({ shop: externalId, ...body }));
    return {
      raw,
      headers: {
        'content-type': 'application/json',
        'x-fake-hmac': hmac(secret, raw).toString('base64'),
      },
    };
  }

  adapter(): StoreAdapter {
    return new FakeAdapter(this, this.clock);
  }

  querySignature(query: Record<string, string>): string {
    const message = Object.keys(query)
      .filter((key) => key !== 'hmac')
      .sort()
      .map((key) => `${key}=${query[key]}`)
      .join('&');
    return hmac(FAKE_APP_SECRET, message).toString('hex');
  }

  takeCode(code: string): string | undefined {
    const shop = this.codes.get(code);
    this.codes.delete(code);
    return shop;
  }
}

class FakeAdapter implements StoreAdapter {
  readonly sandbox = true;
  readonly platform: StorePlatform;

  constructor(
    private readonly fake: FakeStorePlatform,
    private readonly clock: Clock,
  ) {
    this.platform = fake.platform;
  }

  authorizeUrl(_request: unknown, state: string, redirectUri: string): string | null {
    if (this.platform === 'woocommerce') return null;
    return `https://${this.platform}.fake/authorize?state=${encodeURIComponent(state)}&redirect_uri=${encodeURIComponent(redirectUri)}`;
  }

  async authorize(
    request: Parameters<StoreAdapter['authorize']>[0],
  ): Promise<Awaited<ReturnType<StoreAdapter['authorize']>>> {
    if ('platform' in request) {
      if (request.platform !== 'woocommerce') throw new StoreApiError('refused', 'not key based');
      const shop = this.fake.shops.get(request.url);
      if (!shop?.keys || shop.keys.consumerKey !== request.consumerKey) {
        throw new StoreApiError('auth', 'keys rejected');
      }
      return {
        externalId: request.url,
        name: shop.name,
        credentials: { consumerKey: request.consumerKey, consumerSecret: request.consumerSecret },
      };
    }
    const query = request.callbackQuery;
    const signature = Buffer.from(query.hmac ?? '', 'hex');
    const expected = Buffer.from(this.fake.querySignature(query), 'hex');
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      throw new StoreApiError('auth', 'bad hmac');
    }
    const externalId = this.fake.takeCode(query.code ?? '');
    if (!externalId || externalId !== query.shop) throw new StoreApiError('auth', 'bad code');
    const issued = this.issue(externalId);
    return {
      externalId,
      name: this.fake.shop(externalId).name,
      credentials: issued.credentials,
      scopes: [...this.fake.grant.scopes],
      ...(this.fake.grant.apiVersion ? { apiVersion: this.fake.grant.apiVersion } : {}),
      ...(this.fake.expiringTokens ? { expiresAt: issued.expiresAt } : {}),
    };
  }

  requiredGrant() {
    return this.fake.grant;
  }

  get refresh() {
    if (!this.fake.expiringTokens) return undefined;
    return async (credentials: StoreCredentials) => {
      this.fake.refreshCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, this.fake.refreshLatencyMs));
      const shop = this.fake.shop(String(credentials.shop));
      const token = String(credentials.refreshToken);
      // Single-use: a spent refresh token answers invalid_grant, as the platform does.
      if (!shop.refreshTokens.delete(token)) throw new StoreApiError('auth', 'invalid_grant');
      return this.issue(String(credentials.shop));
    };
  }

  async listOrdersChangedSince(credentials: StoreCredentials, since: string, page: string | null) {
    const shop = this.authorized(credentials);
    const changed = [...shop.orders.values()]
      .filter((order) => order.updatedAt >= since)
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    return pageOf(changed, page);
  }

  async listOpenOrders(credentials: StoreCredentials, page: string | null) {
    const shop = this.authorized(credentials);
    if (this.fake.outages > 0) {
      this.fake.outages -= 1;
      throw new StoreApiError('unavailable', 'platform unreachable');
    }
    const open = [...shop.orders.values()]
      .filter((order) => !order.cancelled)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { ...pageOf(open, page), total: open.length };
  }

  async getOrder(credentials: StoreCredentials, externalId: string) {
    return this.authorized(credentials).orders.get(externalId) ?? null;
  }

  async registerWebhooks(credentials: StoreCredentials, callbackUrl: string) {
    const shop = this.authorized(credentials);
    const secret = typeof credentials.webhookSecret === 'string' ? credentials.webhookSecret : null;
    shop.webhooks = { callbackUrl, secret, active: true };
  }

  async webhooksHealthy(credentials: StoreCredentials, callbackUrl: string) {
    const hook = this.authorized(credentials).webhooks;
    return hook !== null && hook.active && hook.callbackUrl === callbackUrl;
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    storeSecret: string | null,
  ): VerifiedDelivery | null {
    const header = headers['x-fake-hmac'];
    if (typeof header !== 'string') return null;
    const signature = Buffer.from(header, 'base64');
    const expected = hmac(storeSecret ?? FAKE_APP_SECRET, rawBody);
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    const body = JSON.parse(rawBody.toString('utf8')) as {
      shop: string;
      event_id: string;
      topic: VerifiedDelivery['topic'];
      order?: ExternalOrder;
      payload?: unknown;
    };
    return {
      eventId: body.event_id,
      storeExternalId: body.shop,
      topic: body.topic,
      orderExternalId: body.order?.externalId ?? null,
      order: body.order ?? null,
      payload: body.payload ?? null,
    };
  }

  async missedDeliveries(credentials: StoreCredentials) {
    return this.authorized(credentials).missed;
  }

  async pushFulfilment(credentials: StoreCredentials, push: FulfilmentPush) {
    const shop = this.authorized(credentials);
    shop.pushes.push(push);
    return { externalId: `F-${shop.pushes.length}` };
  }

  private issue(externalId: string) {
    const shop = this.fake.shop(externalId);
    const accessToken = randomBytes(8).toString('hex');
    const refreshToken = randomBytes(8).toString('hex');
    const expiresAt = this.clock.now().getTime() + TOKEN_TTL_MS;
    shop.accessTokens.set(accessToken, expiresAt);
    shop.refreshTokens.add(refreshToken);
    return {
      credentials: { shop: externalId, accessToken, refreshToken },
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /** The shop the credentials open, or `auth` for an unknown or expired token. */
  private authorized(credentials: StoreCredentials): FakeShop {
    if (typeof credentials.consumerKey === 'string') {
      const shop = [...this.fake.shops.values()].find(
        (candidate) => candidate.keys?.consumerKey === credentials.consumerKey,
      );
      if (!shop) throw new StoreApiError('auth', 'keys revoked');
      return shop;
    }
    const shop = this.fake.shop(String(credentials.shop));
    const expiresAt = shop.accessTokens.get(String(credentials.accessToken));
    if (expiresAt === undefined) throw new StoreApiError('auth', 'unknown token');
    if (this.fake.expiringTokens && expiresAt <= this.clock.now().getTime()) {
      throw new StoreApiError('auth', 'expired token');
    }
    return shop;
  }
}

function pageOf(orders: ExternalOrder[], page: string | null) {
  const offset = page ? Number(page) : 0;
  const next = offset + PAGE_SIZE < orders.length ? String(offset + PAGE_SIZE) : null;
  return { orders: orders.slice(offset, offset + PAGE_SIZE), next };
}

/** The three platforms played in memory, on the test's clock. */
export function fakePlatforms(clock: Clock) {
  const fakes = {
    shopify: new FakeStorePlatform('shopify', clock),
    mercadolibre: new FakeStorePlatform('mercadolibre', clock),
    woocommerce: new FakeStorePlatform('woocommerce', clock),
  };
  const adapters: StoreAdapters = {
    shopify: fakes.shopify.adapter(),
    mercadolibre: fakes.mercadolibre.adapter(),
    woocommerce: fakes.woocommerce.adapter(),
  };
  return { fakes, adapters };
}

/**
 * A sink holding the orders as the orders module would: by (store, external id), converging to
 * the newest `updatedAt` whatever the order of delivery.
 */
export class MemoryOrderSink implements StoreOrderSink {
  readonly orders = new Map<string, { store: StoreRef; order: ExternalOrder }>();
  readonly exports: StoreCustomerRef[] = [];
  readonly redacted: StoreCustomerRef[] = [];
  readonly redactedStores: string[] = [];

  async applyExternalOrder(store: StoreRef, order: ExternalOrder) {
    const key = `${store.id}/${order.externalId}`;
    const held = this.orders.get(key);
    if (held && held.order.updatedAt > order.updatedAt) return 'stale' as const;
    if (held && JSON.stringify(held.order) === JSON.stringify(order)) return 'unchanged' as const;
    this.orders.set(key, { store, order });
    return held ? ('updated' as const) : ('created' as const);
  }

  async exportCustomerData(store: StoreRef, customer: StoreCustomerRef) {
    this.exports.push(customer);
    const orders = [...this.orders.values()].filter(
      (held) => held.store.id === store.id && held.order.customer?.email === customer.email,
    );
    return { customer, orders: orders.map((held) => held.order) };
  }

  async redactCustomer(store: StoreRef, customer: StoreCustomerRef) {
    this.redacted.push(customer);
    return [...this.orders.values()].filter(
      (held) => held.store.id === store.id && held.order.customer?.email === customer.email,
    ).length;
  }

  async redactStore(store: StoreRef) {
    this.redactedStores.push(store.id);
    return [...this.orders.values()].filter((held) => held.store.id === store.id).length;
  }

  async countOrders(_organizationId: string, storeIds: string[]) {
    const counts: Record<string, number> = {};
    for (const { store } of this.orders.values()) {
      if (storeIds.includes(store.id)) counts[store.id] = (counts[store.id] ?? 0) + 1;
    }
    return counts;
  }

  ordersOf(storeId: string): ExternalOrder[] {
    return [...this.orders.values()]
      .filter((held) => held.store.id === storeId)
      .map((held) => held.order);
  }
}

/**
 * A connected store of the organization written straight into its table (as a connection would
 * leave it, without credentials) and a customer data export of it: for tests about who may
 * reach them, not about the platform.
 */
export async function insertTenantStore(
  db: Db,
  files: Pick<FileStore, 'storeBytes'>,
  organizationId: string,
  now: Date,
) {
  const [row] = await db
    .insert(stores)
    .values({
      organizationId,
      id: randomUUID(),
      platform: 'woocommerce',
      externalId: `https://${randomUUID()}.example.mx`,
      name: 'Tienda A',
      sandbox: true,
      connectedAt: now,
      syncCursor: now,
    })
    .returning();
  const file = await files.storeBytes(Buffer.from('{}'), {
    organizationId,
    purpose: CUSTOMER_DATA_PURPOSE,
    kind: 'json',
    name: 'datos-cliente.json',
  });
  return { storeId: row!.id, storeCustomerDataFileId: file.id };
}

import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db, DbOrTx } from '../../../platform/db';
import { SANDBOX_SHOPIFY_APP } from './shopify-app';
import { oauthQueryHmac } from './shopify-signatures';
import { gid } from './shopify-sandbox.graphql';
import { sandboxResolvers } from './shopify-sandbox.resolvers';
import type { SandboxShopifyDeliveries } from './shopify-sandbox.deliveries';
import {
  sandboxShopifyCodes,
  sandboxShopifyDeliveries,
  sandboxShopifyIds,
  sandboxShopifyOrders,
  sandboxShopifyShops,
  sandboxShopifyTokens,
  type SandboxAddress,
  type SandboxFulfillment,
} from './shopify-sandbox.tables';
import type { SandboxChaos } from '../store-sandbox-deliveries';

type OrderRow = typeof sandboxShopifyOrders.$inferSelect;

export interface SandboxOrderInput {
  email?: string | null;
  phone?: string | null;
  shippingAddress?: SandboxAddress | null;
  tags?: string[];
  financialStatus?: 'PENDING' | 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  /** `location`: the index of the shop's location that ships the line (0 by default). */
  lines: {
    sku: string | null;
    title: string;
    quantity: number;
    price: number;
    location?: number;
  }[];
}

const NO_CHAOS: SandboxChaos = {
  duplicate: 0,
  reorder: 0,
  drop: 0,
  delay: 0,
  delayMs: 0,
  seed: 1,
};
/** A standard plan's bucket: 2,000 points, refilled at 100 per second. */
const STANDARD_BUCKET = { max: 2000, restoreRate: 100 };
/**
 * The Shopify sandbox store (issue 22): shops with locations and orders, the OAuth consent and
 * token exchange, the GraphQL subset's data, and webhook deliveries with chaos switches. Its
 * typed methods are what the admin page, the tests, the demo seed and the bench call.
 */
export class ShopifySandbox {
  constructor(
    /** Read by its GraphQL resolvers too (shopify-sandbox.resolvers.ts). */
    readonly deps: {
      db: Db;
      clock: Clock;
      deliveries: SandboxShopifyDeliveries;
    },
  ) {}

  /** Shopify's next numeric id (any object). */
  nextId(tx: DbOrTx): Promise<number> {
    return tx
      .execute<{ id: string }>(
        sql`select nextval(${sql.raw(`'${sandboxShopifyIds.seqName}'`)}) as id`,
      )
      .then((result) => Number(result.rows[0]!.id));
  }

  async createShop(input: { domain: string; name: string; locations?: string[] }): Promise<void> {
    const now = this.deps.clock.now();
    const names = input.locations ?? ['Bodega principal', 'Tienda centro'];
    const locations = [];
    for (const name of names) locations.push({ id: await this.nextId(this.deps.db), name });
    await this.deps.db
      .insert(sandboxShopifyShops)
      .values({
        domain: input.domain,
        id: await this.nextId(this.deps.db),
        name: input.name,
        locations,
        chaos: NO_CHAOS,
        bucketMax: STANDARD_BUCKET.max,
        bucketRestoreRate: STANDARD_BUCKET.restoreRate,
        bucketAvailable: STANDARD_BUCKET.max,
        bucketAt: now,
        createdAt: now,
      })
      .onConflictDoNothing();
  }

  shops() {
    return this.deps.db
      .select()
      .from(sandboxShopifyShops)
      .orderBy(asc(sandboxShopifyShops.createdAt));
  }

  async setChaos(shop: string, chaos: Partial<SandboxChaos>): Promise<void> {
    const [row] = await this.deps.db
      .select()
      .from(sandboxShopifyShops)
      .where(eq(sandboxShopifyShops.domain, shop));
    if (!row) throw new Error(`No sandbox shop ${shop}`);
    // A new seed starts its draws again, so a run is repeatable from its setChaos on.
    await this.deps.db
      .update(sandboxShopifyShops)
      .set({ chaos: { ...row.chaos, ...chaos }, chaosDraws: 0 })
      .where(eq(sandboxShopifyShops.domain, shop));
  }

  /** The shop's cost bucket (tests shrink it to see throttling). */
  async setBucket(shop: string, bucket: { max: number; restoreRate: number; available?: number }) {
    await this.deps.db
      .update(sandboxShopifyShops)
      .set({
        bucketMax: bucket.max,
        bucketRestoreRate: bucket.restoreRate,
        bucketAvailable: bucket.available ?? bucket.max,
        bucketAt: this.deps.clock.now(),
      })
      .where(eq(sandboxShopifyShops.domain, shop));
  }

  /** Takes `cost` points from the shop's bucket if they are there (leaky bucket). */
  async spend(shop: string, cost: number) {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxShopifyShops)
        .where(eq(sandboxShopifyShops.domain, shop))
        .for('update');
      const now = this.deps.clock.now();
      const elapsed = Math.max(0, now.getTime() - row!.bucketAt.getTime()) / 1000;
      const level = Math.min(
        row!.bucketMax,
        row!.bucketAvailable + elapsed * row!.bucketRestoreRate,
      );
      const spent = level >= cost;
      const available = spent ? level - cost : level;
      await tx
        .update(sandboxShopifyShops)
        .set({ bucketAvailable: available, bucketAt: now })
        .where(eq(sandboxShopifyShops.domain, shop));
      return {
        spent,
        status: {
          maximumAvailable: row!.bucketMax,
          currentlyAvailable: Math.floor(available),
          restoreRate: row!.bucketRestoreRate,
        },
      };
    });
  }

  /** Gives back the points a query asked for and did not use; answers the bucket after it. */
  async refund(shop: string, points: number) {
    const [row] = await this.deps.db
      .update(sandboxShopifyShops)
      .set({
        bucketAvailable: sql`least(${sandboxShopifyShops.bucketMax}, ${sandboxShopifyShops.bucketAvailable} + ${points})`,
      })
      .where(eq(sandboxShopifyShops.domain, shop))
      .returning();
    return {
      maximumAvailable: row!.bucketMax,
      currentlyAvailable: Math.floor(row!.bucketAvailable),
      restoreRate: row!.bucketRestoreRate,
    };
  }

  // ——— OAuth ———

  /** The consent screen's «Instalar»: a single-use code and the signed redirect back to the app. */
  async approve(
    shop: string,
    request: { clientId: string; scope: string; redirectUri: string; state: string },
  ) {
    if (request.clientId !== SANDBOX_SHOPIFY_APP.apiKey) throw new Error('unknown app');
    const now = this.deps.clock.now();
    const code = randomBytes(16).toString('hex');
    await this.deps.db.insert(sandboxShopifyCodes).values({
      code,
      shop,
      clientId: request.clientId,
      scopes: request.scope,
      expiresAt: new Date(now.getTime() + 10 * 60_000),
    });
    const query: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.split('.')[0]}`).toString('base64url'),
      shop,
      state: request.state,
      timestamp: String(Math.floor(now.getTime() / 1000)),
    };
    query.hmac = oauthQueryHmac(query, SANDBOX_SHOPIFY_APP.apiSecret);
    return `${request.redirectUri}?${new URLSearchParams(query)}`;
  }

  /** `POST /admin/oauth/access_token`: a code once, for the app's own id and secret. */
  async exchangeCode(
    shop: string,
    body: { client_id?: string; client_secret?: string; code?: string },
  ) {
    if (
      body.client_id !== SANDBOX_SHOPIFY_APP.apiKey ||
      body.client_secret !== SANDBOX_SHOPIFY_APP.apiSecret
    ) {
      return null;
    }
    const now = this.deps.clock.now();
    const [grant] = await this.deps.db
      .update(sandboxShopifyCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(sandboxShopifyCodes.code, body.code ?? ''),
          eq(sandboxShopifyCodes.shop, shop),
          isNull(sandboxShopifyCodes.usedAt),
          gt(sandboxShopifyCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!grant) return null;
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    await this.deps.db
      .insert(sandboxShopifyTokens)
      .values({ token, shop, scopes: grant.scopes, createdAt: now });
    return { access_token: token, scope: grant.scopes };
  }

  async tokenShop(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    const [row] = await this.deps.db
      .select()
      .from(sandboxShopifyTokens)
      .where(eq(sandboxShopifyTokens.token, token));
    return row?.shop ?? null;
  }

  // ——— Orders ———

  async locations(tx: DbOrTx, shop: string) {
    const [row] = await tx
      .select()
      .from(sandboxShopifyShops)
      .where(eq(sandboxShopifyShops.domain, shop));
    if (!row) throw new Error(`No sandbox shop ${shop}`);
    return row;
  }

  /** Shopify's JSON order resource, as webhooks carry it. */
  private webhookPayload(row: OrderRow) {
    const remaining = new Map<number, number>();
    for (const entry of row.fulfillmentOrders) {
      if (!['OPEN', 'IN_PROGRESS', 'ON_HOLD'].includes(entry.status)) continue;
      for (const line of entry.lines)
        remaining.set(line.lineItemId, (remaining.get(line.lineItemId) ?? 0) + line.remaining);
    }
    const price = (centavos: number) => (centavos / 100).toFixed(2);
    const address = row.shippingAddress;
    return {
      id: row.id,
      admin_graphql_api_id: gid('Order', row.id),
      name: row.name,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      cancelled_at: row.cancelledAt?.toISOString() ?? null,
      financial_status: row.financialStatus.toLowerCase(),
      currency: row.currency,
      total_price: price(row.lines.reduce((sum, line) => sum + line.price * line.quantity, 0)),
      email: row.email,
      phone: row.phone,
      tags: row.tags.join(', '),
      shipping_address: address
        ? { ...address, company: null, country_code: address.countryCode }
        : null,
      line_items: row.lines.map((line) => ({
        id: line.id,
        admin_graphql_api_id: gid('LineItem', line.id),
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        current_quantity: line.quantity,
        fulfillable_quantity: row.cancelledAt ? 0 : (remaining.get(line.id) ?? 0),
        price: price(line.price),
      })),
    };
  }

  async createOrder(shop: string, input: SandboxOrderInput): Promise<OrderRow> {
    return this.deps.db.transaction(async (tx) => {
      const shopRow = await this.locations(tx, shop);
      const [numbered] = await tx
        .update(sandboxShopifyShops)
        .set({ orderNumber: sql`${sandboxShopifyShops.orderNumber} + 1` })
        .where(eq(sandboxShopifyShops.domain, shop))
        .returning({ number: sandboxShopifyShops.orderNumber });
      const lines = [];
      for (const line of input.lines) {
        const location = shopRow.locations[line.location ?? 0] ?? shopRow.locations[0]!;
        lines.push({
          ...line,
          id: await this.nextId(tx),
          locationId: location.id,
          location: undefined,
        });
      }
      const fulfillmentOrders = [];
      for (const locationId of [...new Set(lines.map((line) => line.locationId))]) {
        const entries = [];
        for (const line of lines.filter((candidate) => candidate.locationId === locationId)) {
          entries.push({
            id: await this.nextId(tx),
            lineItemId: line.id,
            total: line.quantity,
            remaining: line.quantity,
          });
        }
        fulfillmentOrders.push({
          id: await this.nextId(tx),
          locationId,
          status: 'OPEN',
          holds: [],
          lines: entries,
        });
      }
      const now = this.deps.clock.now();
      const [row] = await tx
        .insert(sandboxShopifyOrders)
        .values({
          id: await this.nextId(tx),
          shop,
          name: `#${numbered!.number}`,
          email: input.email ?? null,
          phone: input.phone ?? null,
          shippingAddress: input.shippingAddress ?? null,
          tags: input.tags ?? [],
          financialStatus: input.financialStatus ?? 'PAID',
          currency: 'MXN',
          lines: lines.map(({ location: _location, ...line }) => line),
          fulfillmentOrders,
          fulfillments: [],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await this.deps.deliveries.emit(tx, shop, 'orders/create', this.webhookPayload(row!));
      return row!;
    });
  }

  /** Changes an order under its row lock and tells subscribers (orders/updated, and `extra`). */
  async change(
    shop: string,
    orderId: number,
    edit: (row: OrderRow) => Partial<OrderRow> | string,
    extraTopic?: string,
  ): Promise<OrderRow | string> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxShopifyOrders)
        .where(and(eq(sandboxShopifyOrders.shop, shop), eq(sandboxShopifyOrders.id, orderId)))
        .for('update');
      if (!row) return 'Order does not exist';
      const patch = edit(row);
      if (typeof patch === 'string') return patch;
      const [updated] = await tx
        .update(sandboxShopifyOrders)
        .set({ ...patch, updatedAt: this.deps.clock.now() })
        .where(eq(sandboxShopifyOrders.id, orderId))
        .returning();
      const payload = this.webhookPayload(updated!);
      if (extraTopic) await this.deps.deliveries.emit(tx, shop, extraTopic, payload);
      await this.deps.deliveries.emit(tx, shop, 'orders/updated', payload);
      return updated!;
    });
  }

  private async changed(promise: Promise<OrderRow | string>): Promise<OrderRow> {
    const result = await promise;
    if (typeof result === 'string') throw new Error(result);
    return result;
  }

  /** Edits what a merchant may edit in the admin: contact, address, tags, payment state. */
  updateOrder(
    shop: string,
    orderId: number,
    patch: Partial<
      Pick<OrderRow, 'email' | 'phone' | 'shippingAddress' | 'tags' | 'financialStatus'>
    >,
  ) {
    return this.changed(this.change(shop, orderId, () => patch));
  }

  cancelOrder(shop: string, orderId: number) {
    return this.changed(
      this.change(shop, orderId, (row) => this.cancelled(row), 'orders/cancelled'),
    );
  }

  cancelled(row: OrderRow): Partial<OrderRow> | string {
    if (row.cancelledAt) return 'Order has already been cancelled';
    return {
      cancelledAt: this.deps.clock.now(),
      fulfillmentOrders: row.fulfillmentOrders.map((entry) =>
        entry.status === 'CLOSED' ? entry : { ...entry, status: 'CANCELLED' },
      ),
    };
  }

  /** Puts a fulfillment order on hold, releases it, or closes it unfulfilled (as a merchant can). */
  setFulfillmentOrderStatus(
    shop: string,
    orderId: number,
    index: number,
    status: 'OPEN' | 'ON_HOLD' | 'CLOSED',
  ) {
    return this.changed(
      this.change(shop, orderId, (row) => ({
        fulfillmentOrders: row.fulfillmentOrders.map((entry, position) =>
          position === index
            ? { ...entry, status, holds: status === 'ON_HOLD' ? ['OTHER'] : [] }
            : entry,
        ),
      })),
    );
  }

  async order(shop: string, orderId: number): Promise<OrderRow | null> {
    const [row] = await this.deps.db
      .select()
      .from(sandboxShopifyOrders)
      .where(and(eq(sandboxShopifyOrders.shop, shop), eq(sandboxShopifyOrders.id, orderId)));
    return row ?? null;
  }

  orders(shop: string) {
    return this.deps.db
      .select()
      .from(sandboxShopifyOrders)
      .where(eq(sandboxShopifyOrders.shop, shop))
      .orderBy(asc(sandboxShopifyOrders.id));
  }

  async fulfilmentsOf(shop: string, orderId: number): Promise<SandboxFulfillment[]> {
    return (await this.order(shop, orderId))?.fulfillments ?? [];
  }

  /** Sends the webhook deliveries due now (or at `now`), as the delivery job would. */
  flushDeliveries(now?: Date) {
    return this.deps.deliveries.flush(now);
  }

  deliveries(shop: string) {
    return this.deps.db
      .select()
      .from(sandboxShopifyDeliveries)
      .where(eq(sandboxShopifyDeliveries.shop, shop))
      .orderBy(asc(sandboxShopifyDeliveries.id));
  }

  /** The mandatory compliance topics, as Shopify sends them on a customer's or the shop's behalf. */
  async requestCompliance(
    shop: string,
    topic: 'customers/data_request' | 'customers/redact' | 'shop/redact',
    customer?: { email: string; phone?: string | null },
  ) {
    const shopRow = await this.locations(this.deps.db, shop);
    const orders = customer
      ? (await this.orders(shop))
          .filter((order) => order.email === customer.email)
          .map((order) => order.id)
      : [];
    const base = { shop_id: shopRow.id, shop_domain: shop };
    const payload =
      topic === 'shop/redact'
        ? base
        : {
            ...base,
            customer: { id: null, email: customer?.email ?? null, phone: customer?.phone ?? null },
            ...(topic === 'customers/data_request'
              ? { orders_requested: orders, data_request: { id: await this.nextId(this.deps.db) } }
              : { orders_to_redact: orders }),
          };
    await this.deps.db.transaction((tx) => this.deps.deliveries.emit(tx, shop, topic, payload));
  }

  /** The GraphQL root of one shop, for a request made at `apiVersion`. */
  resolvers(shop: string, apiVersion: string) {
    return sandboxResolvers(this, shop, apiVersion);
  }
}
